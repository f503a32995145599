import type { PostalCodeData } from '@posada/contracts/guest-checkin';
import {
  asksSupportNumber,
  documentTypes,
  type GuestDataInput,
  genders,
  guestDataErrors,
  isSpanishPostalCodeForm,
  keepAsked,
  kinships,
  paymentMethods,
  travellerAsks,
} from '@posada/domain/checkin-rules';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { GuestApiError, guestApi } from '../api.ts';
import { alpha2Of, countries, countryNames } from '../countries.ts';
import { DateInput } from '../date-input.tsx';
import { fieldOrder, today } from '../flow-state.ts';
import { language, t } from '../i18n.ts';
import { Alert } from '../ui.tsx';
import { StepHeader } from './StepHeader.tsx';

type Field = keyof GuestDataInput;

function FieldShell({
  name,
  label,
  error,
  hint,
  children,
}: {
  name: Field;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className={error ? 'g-field g-field-error' : 'g-field'}>
      <label htmlFor={`f-${name}`}>{label}</label>
      {children}
      {hint && !error && (
        <div className="g-hint" id={`f-${name}-hint`}>
          {hint}
        </div>
      )}
      {error && (
        <div className="g-error" id={`f-${name}-error`}>
          {error}
        </div>
      )}
    </div>
  );
}

/** spec 2.4 personal data: every field of spec 3 Check-in guest data, checked by the rules the API runs. */
export function PersonalStep({
  data: initial,
  serverErrors,
  scanned,
  timeZone,
  onBack,
  onDone,
}: {
  data: GuestDataInput;
  serverErrors: Record<string, string>;
  scanned: boolean;
  /** The property's zone: dates are checked against the property's today, as the API checks them. */
  timeZone: string;
  onBack: () => void;
  onDone: (data: GuestDataInput) => void;
}) {
  const [data, setData] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>(serverErrors);
  const [postal, setPostal] = useState<PostalCodeData | null>(null);
  const [stayKnown] = useState(Boolean(initial.arrival && initial.departure));
  const formRef = useRef<HTMLFormElement>(null);
  const name = useMemo(() => countryNames(language()), []);
  const sortedCountries = useMemo(
    () => [...countries].sort((a, b) => name(a[0]).localeCompare(name(b[0]), language())),
    [name],
  );

  const set = <K extends Field>(field: K, value: GuestDataInput[K]) => {
    setData((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const focusFirstError = (found: Partial<Record<Field, string>>) => {
    const first = fieldOrder.find((f) => found[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`#f-${first}`)?.focus();
  };

  // The API's refusals (after submitting): shown on their fields, the first one focused.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    if (Object.keys(serverErrors).length > 0) focusFirstError(serverErrors);
  }, []);

  // spec 5: a Spanish postal code must exist; its municipality fills the city.
  const spanish = data.residence_country === 'ES';
  useEffect(() => {
    setPostal(null);
    if (!spanish || !isSpanishPostalCodeForm(data.postal_code)) return;
    let live = true;
    guestApi<PostalCodeData>('GET', `/api/guest/postal-codes/${encodeURIComponent(data.postal_code.trim())}`)
      .then((found) => {
        if (!live) return;
        setPostal(found);
        setData((d) =>
          found.municipalities.length === 1 || !d.city
            ? { ...d, city: found.municipalities[0] ?? d.city }
            : d,
        );
      })
      .catch((error: unknown) => {
        if (live && error instanceof GuestApiError && error.status === 404)
          setErrors((e) => ({ ...e, postal_code: t('errors.postal_code_unknown') }));
      });
    return () => {
      live = false;
    };
  }, [spanish, data.postal_code]);

  // Only what the rules ask of this traveller (issue 27): a child gives no document, and only an adult
  // says whether minors travel and how they are related.
  const asks = travellerAsks(data, today(timeZone));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const asked = keepAsked(data, today(timeZone));
    const found = guestDataErrors(asked, { today: today(timeZone), form: 'guest' });
    delete found.signature; // drawn at its own step
    const shown: Partial<Record<Field, string>> = {};
    for (const [field, key] of Object.entries(found)) shown[field as Field] = t(key);
    if (errors.postal_code && !found.postal_code) shown.postal_code = errors.postal_code;
    setErrors(shown);
    if (Object.keys(shown).length > 0) return focusFirstError(shown);
    onDone(asked);
  };

  const input = (
    field: Field,
    type: 'text' | 'email' | 'tel' = 'text',
    extra: React.InputHTMLAttributes<HTMLInputElement> = {},
  ) => (
    <input
      id={`f-${field}`}
      name={field}
      type={type}
      value={String(data[field] ?? '')}
      aria-invalid={errors[field] ? true : undefined}
      aria-describedby={errors[field] ? `f-${field}-error` : undefined}
      onChange={(e) => set(field, e.currentTarget.value as never)}
      {...extra}
    />
  );
  const dateInput = (field: Field, autoComplete?: string) => (
    <DateInput
      id={`f-${field}`}
      name={field}
      value={String(data[field] ?? '')}
      invalid={Boolean(errors[field])}
      describedBy={errors[field] ? `f-${field}-error` : undefined}
      autoComplete={autoComplete}
      onChange={(value) => set(field, value as never)}
    />
  );
  const select = (field: Field, options: { value: string; label: string }[]) => (
    <select
      id={`f-${field}`}
      name={field}
      value={String(data[field] ?? '')}
      aria-invalid={errors[field] ? true : undefined}
      aria-describedby={errors[field] ? `f-${field}-error` : undefined}
      onChange={(e) => set(field, e.currentTarget.value as never)}
    >
      <option value="">{t('common.choose')}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
  const shell = (field: Field, children: ReactNode, hint?: string) => (
    <FieldShell name={field} label={t(`fields.${field}`)} error={errors[field]} hint={hint}>
      {children}
    </FieldShell>
  );

  const nationalities = sortedCountries.map(([a2, a3]) => ({ value: a3, label: name(a2) }));
  if (data.nationality && !nationalities.some((o) => o.value === data.nationality)) {
    nationalities.unshift({ value: data.nationality, label: data.nationality });
  }
  const regions = sortedCountries.map(([a2]) => ({ value: a2, label: name(a2) }));
  const hasErrors = Object.values(errors).some(Boolean);

  return (
    <form className="g-step" ref={formRef} onSubmit={submit} noValidate>
      <StepHeader title={t('personal.title')}>{t(scanned ? 'personal.scanned' : 'personal.hint')}</StepHeader>
      {hasErrors && <Alert>{t('personal.fix_errors')}</Alert>}

      <fieldset className="g-group">
        <legend>{t('personal.who')}</legend>
        {shell('first_name', input('first_name', 'text', { autoComplete: 'given-name' }))}
        {shell('last_name', input('last_name', 'text', { autoComplete: 'family-name' }))}
        {shell(
          'gender',
          select(
            'gender',
            genders.map((g) => ({ value: g, label: t(`gender.${g}`) })),
          ),
        )}
        {shell('birth_date', dateInput('birth_date', 'bday'))}
        {shell('nationality', select('nationality', nationalities))}
      </fieldset>

      {!asks.document && (
        <Alert tone="info">
          <span data-testid="no-document-note">{t('personal.no_document')}</span>
        </Alert>
      )}
      <fieldset className="g-group" hidden={!asks.document}>
        <legend>{t('personal.document')}</legend>
        {shell(
          'document_type',
          select(
            'document_type',
            documentTypes.map((d) => ({ value: d, label: t(`document_type.${d}`) })),
          ),
        )}
        {shell('document_number', input('document_number', 'text', { autoCapitalize: 'characters' }))}
        {/* A passport has no support number: asked of a DNI/NIE only (issue 27). */}
        {asksSupportNumber(data.document_type)
          ? shell(
              'support_number',
              input('support_number', 'text', { autoCapitalize: 'characters' }),
              t('personal.support_hint'),
            )
          : null}
        {shell('issue_date', dateInput('issue_date'))}
        {shell('expiry_date', dateInput('expiry_date'))}
      </fieldset>

      <fieldset className="g-group">
        <legend>{t('personal.contact')}</legend>
        {shell('phone', input('phone', 'tel', { autoComplete: 'tel', inputMode: 'tel' }))}
        {shell('email', input('email', 'email', { autoComplete: 'email', inputMode: 'email' }))}
        {shell('residence_country', select('residence_country', regions))}
        {shell('country', select('country', regions))}
        {shell(
          'postal_code',
          input('postal_code', 'text', {
            autoComplete: 'postal-code',
            inputMode: spanish ? 'numeric' : 'text',
          }),
          postal ? t('personal.province', { province: postal.province }) : undefined,
        )}
        {shell(
          'city',
          input('city', 'text', {
            autoComplete: 'address-level2',
            list: postal && postal.municipalities.length > 1 ? 'municipalities' : undefined,
          }),
        )}
        {postal && postal.municipalities.length > 1 && (
          <datalist id="municipalities">
            {postal.municipalities.map((m) => (
              <option key={m} value={m} />
            ))}
          </datalist>
        )}
        {shell('address', input('address', 'text', { autoComplete: 'street-address' }))}
      </fieldset>

      <fieldset className="g-group">
        <legend>{t('personal.stay')}</legend>
        {shell(
          'payment_method',
          select(
            'payment_method',
            paymentMethods.map((p) => ({ value: p, label: t(`payment_method.${p}`) })),
          ),
          t('common.optional'),
        )}
        {shell('payment_date', dateInput('payment_date'), t('common.optional'))}
        <div className={errors.minors ? 'g-field g-field-error' : 'g-field'} hidden={!asks.minors}>
          <fieldset
            className="g-radios"
            id="f-minors"
            tabIndex={-1}
            aria-invalid={errors.minors ? true : undefined}
            aria-describedby={errors.minors ? 'f-minors-error' : undefined}
          >
            <legend>{t('fields.minors')}</legend>
            {[true, false].map((value) => (
              <label key={String(value)} className="g-radio">
                <input
                  type="radio"
                  name="minors"
                  checked={data.minors === value}
                  onChange={() => {
                    set('minors', value);
                    if (!value) set('kinship', null);
                  }}
                />
                {t(value ? 'common.yes' : 'common.no')}
              </label>
            ))}
          </fieldset>
          {errors.minors && (
            <div className="g-error" id="f-minors-error">
              {errors.minors}
            </div>
          )}
        </div>
        {asks.minors &&
          data.minors &&
          shell(
            'kinship',
            select(
              'kinship',
              kinships.map((k) => ({ value: k, label: t(`kinship.${k}`) })),
            ),
          )}
        {/* A walk-in from the property's QR code has no dates yet: the guest gives them. */}
        {!stayKnown && shell('arrival', dateInput('arrival'))}
        {!stayKnown && shell('departure', dateInput('departure'))}
        {stayKnown && (errors.arrival || errors.departure) && (
          <Alert>{[errors.arrival, errors.departure].filter(Boolean).join(' ')}</Alert>
        )}
      </fieldset>

      <div className="g-actions g-actions-sticky">
        <button type="submit" className="g-btn g-btn-primary">
          {t('common.continue')}
        </button>
        <button type="button" className="g-btn g-btn-subtle" onClick={onBack}>
          {t('common.back')}
        </button>
      </div>
      {/* The country of residence defaults to the nationality's when the MRZ gave one. */}
      <DefaultResidence
        data={data}
        onSet={(a2) => setData((d) => ({ ...d, residence_country: a2, country: d.country || a2 }))}
      />
    </form>
  );
}

function DefaultResidence({ data, onSet }: { data: GuestDataInput; onSet: (alpha2: string) => void }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on arrival
  useEffect(() => {
    const a2 = alpha2Of(data.nationality);
    if (a2 && !data.residence_country) onSet(a2);
  }, []);
  return null;
}
