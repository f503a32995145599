import type { FormEvent } from 'react';
import type { GuestField, GuestValues } from './form.ts';
import { t } from './i18n.ts';

/** A field's error: a message key of ours, or the API's own translated text. */
export type FieldError = { key: string; params?: Record<string, number> } | { text: string };
export type FieldErrors = Partial<Record<GuestField, FieldError>>;

const errorText = (error: FieldError) => ('text' in error ? error.text : t(error.key, error.params));

const fields: { name: GuestField; type: string; autoComplete: string; inputMode?: 'email' | 'tel' }[] = [
  { name: 'name', type: 'text', autoComplete: 'name' },
  { name: 'email', type: 'email', autoComplete: 'email', inputMode: 'email' },
  { name: 'phone', type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
];

/** The guest's details and how the stay is paid: on arrival, or online now (issue 16). */
export function BookingForm({
  values,
  errors,
  sending,
  online = false,
  onChange,
  onSubmit,
}: {
  values: GuestValues;
  errors: FieldErrors;
  sending: boolean;
  online?: boolean;
  onChange: (field: GuestField, value: string) => void;
  onSubmit: () => void;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const described = (field: GuestField, hint?: string) =>
    [errors[field] ? `b-${field}-error` : null, hint].filter(Boolean).join(' ') || undefined;
  return (
    <form className="b-form" noValidate onSubmit={submit} aria-labelledby="b-form-title">
      <h2 id="b-form-title">{t('form.title')}</h2>
      {fields.map(({ name, type, autoComplete, inputMode }) => (
        <div key={name} className={errors[name] ? 'b-field b-field-error' : 'b-field'}>
          <label htmlFor={`b-${name}`}>{t(`form.${name}`)}</label>
          <input
            id={`b-${name}`}
            name={name}
            type={type}
            dir={name === 'name' ? 'auto' : 'ltr'}
            autoComplete={autoComplete}
            inputMode={inputMode}
            required
            aria-invalid={errors[name] ? true : undefined}
            aria-describedby={described(name)}
            value={values[name]}
            onChange={(event) => onChange(name, event.target.value)}
          />
          {errors[name] && (
            <p id={`b-${name}-error`} className="b-error">
              {errorText(errors[name])}
            </p>
          )}
        </div>
      ))}
      <div className={errors.notes ? 'b-field b-field-error' : 'b-field'}>
        <label htmlFor="b-notes">{t('form.notes')}</label>
        <textarea
          id="b-notes"
          name="notes"
          rows={3}
          dir="auto"
          aria-invalid={errors.notes ? true : undefined}
          aria-describedby={described('notes', 'b-notes-hint')}
          value={values.notes}
          onChange={(event) => onChange('notes', event.target.value)}
        />
        <p id="b-notes-hint" className="b-hint">
          {t('form.notes_hint')}
        </p>
        {errors.notes && (
          <p id="b-notes-error" className="b-error">
            {errorText(errors.notes)}
          </p>
        )}
      </div>
      <fieldset className="b-payment">
        <legend>{t('form.payment')}</legend>
        <label className="b-radio">
          <input type="radio" name="payment" value={online ? 'online' : 'on_arrival'} checked readOnly />
          <span>
            <strong>{t(online ? 'form.online' : 'form.on_arrival')}</strong>
            <span className="b-hint">{t(online ? 'form.online_hint' : 'form.on_arrival_hint')}</span>
          </span>
        </label>
      </fieldset>
      <button
        type="submit"
        className="b-btn b-btn-primary b-btn-block"
        disabled={sending}
        aria-busy={sending}
      >
        {sending ? t('form.sending') : t(online ? 'form.submit_online' : 'form.submit')}
      </button>
    </form>
  );
}
