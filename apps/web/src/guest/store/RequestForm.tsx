import type { GuestRequestAnswer, GuestServiceDetail } from '@posada/contracts/experiences';
import { SERVICE_QUANTITY_MAX, serviceTotal } from '@posada/domain/experiences';
import { type FormEvent, useId, useState } from 'react';
import { GuestApiError } from '../api.ts';
import { DateInput } from '../date-input.tsx';
import { type GuestLanguage, t } from '../i18n.ts';
import { stayDate } from '../stay.tsx';
import { apiMessage } from '../steps/CodeStep.tsx';
import { Alert } from '../ui.tsx';
import { money, sendRequest } from './store-api.ts';

type Field = 'quantity' | 'service_date' | 'service_time' | 'notes';
const NOTES_MAX = 500;

/** Today in the guest's calendar (YYYY-MM-DD). */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Before Checkout: the language the guest reads the page in, for the page Checkout sends them back to. */
export const returnLanguageKey = 'posada.store.language';

/**
 * The request form of a service's page: quantity by price type (none for a group price), a date within the
 * stay, an optional time and notes, the live total. A priced service with online payment leaves for Stripe
 * Checkout; otherwise the request is sent and the page lists it. Whatever was typed stays on an error.
 */
export function RequestForm({
  detail,
  propertyId,
  checkinId,
  language,
  onSent,
}: {
  detail: GuestServiceDetail;
  propertyId: string;
  checkinId: string;
  language: GuestLanguage;
  onSent: (answer: GuestRequestAnswer) => void;
}) {
  const { service, start_date: start, end_date: end } = detail;
  const id = useId();
  const [quantity, setQuantity] = useState(1);
  const [date, setDate] = useState(() => {
    const now = today();
    return now >= start && now <= end ? now : start;
  });
  const [time, setTime] = useState('');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const group = service.price_type === 'group';
  const total = serviceTotal(service.price_type, service.price, quantity);
  const paysOnline = detail.pays_online && service.price > 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || date < start || date > end)
      found.service_date = t('store.date_invalid');
    setErrors(found);
    setFormError('');
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const answer = await sendRequest(propertyId, service.id, checkinId, {
        quantity: group ? 1 : quantity,
        service_date: date,
        service_time: time,
        notes: notes.trim(),
        language,
      });
      if (answer.checkout_url) {
        try {
          sessionStorage.setItem(returnLanguageKey, language);
        } catch {
          // No storage: the page comes back in the browser's language.
        }
        location.assign(answer.checkout_url);
        return;
      }
      setBusy(false);
      setNotes('');
      onSent(answer);
    } catch (error) {
      setBusy(false);
      if (error instanceof GuestApiError && error.status === 400 && Object.keys(error.errors).length > 0) {
        const next: Partial<Record<Field, string>> = {};
        for (const [field, messages] of Object.entries(error.errors)) {
          if (['quantity', 'service_date', 'service_time', 'notes'].includes(field))
            next[field as Field] = messages[0] ?? '';
          else setFormError(messages[0] ?? t('store.request_failed'));
        }
        setErrors(next);
        return;
      }
      const failed = error instanceof GuestApiError && error.code === 'experiences.request_failed';
      setFormError(failed ? t('store.request_failed') : apiMessage(error));
    }
  };

  const fieldClass = (f: Field) => (errors[f] ? 'g-field g-field-error' : 'g-field');
  const errorOf = (f: Field) =>
    errors[f] ? (
      <span id={`${id}-${f}-error`} className="g-error" role="alert">
        {errors[f]}
      </span>
    ) : null;
  const describedBy = (f: Field, hint?: string) =>
    [hint, errors[f] ? `${id}-${f}-error` : ''].filter(Boolean).join(' ') || undefined;
  const setQty = (n: number) => setQuantity(Math.min(SERVICE_QUANTITY_MAX, Math.max(1, Math.round(n) || 1)));

  return (
    <form className="g-form g-request-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('store.form_title')}</h2>
      {!group ? (
        <div className={fieldClass('quantity')}>
          <label htmlFor={`${id}-quantity`}>{t(`store.quantity_label.${service.price_type}`)}</label>
          <div className="g-stepper">
            <button
              type="button"
              className="g-btn"
              aria-label={t('store.quantity_less')}
              aria-controls={`${id}-quantity`}
              disabled={quantity <= 1}
              onClick={() => setQty(quantity - 1)}
            >
              −
            </button>
            <input
              id={`${id}-quantity`}
              name="quantity"
              type="number"
              inputMode="numeric"
              min={1}
              max={SERVICE_QUANTITY_MAX}
              value={quantity}
              aria-invalid={errors.quantity ? true : undefined}
              aria-describedby={describedBy('quantity')}
              onChange={(e) => setQty(Number(e.currentTarget.value))}
            />
            <button
              type="button"
              className="g-btn"
              aria-label={t('store.quantity_more')}
              aria-controls={`${id}-quantity`}
              disabled={quantity >= SERVICE_QUANTITY_MAX}
              onClick={() => setQty(quantity + 1)}
            >
              +
            </button>
          </div>
          {errorOf('quantity')}
        </div>
      ) : (
        <p className="g-hint">{t('store.group_note')}</p>
      )}
      <div className={fieldClass('service_date')}>
        <label htmlFor={`${id}-date`}>{t('store.date')}</label>
        <DateInput
          id={`${id}-date`}
          name="service_date"
          value={date}
          onChange={setDate}
          invalid={!!errors.service_date}
          describedBy={describedBy('service_date', `${id}-date-hint`)}
        />
        <span id={`${id}-date-hint`} className="g-hint">
          {t('store.date_hint', { start: stayDate(start, language), end: stayDate(end, language) })}
        </span>
        {errorOf('service_date')}
      </div>
      <div className={fieldClass('service_time')}>
        <label htmlFor={`${id}-time`}>
          {t('store.time')} <span className="g-hint">({t('common.optional')})</span>
        </label>
        <input
          id={`${id}-time`}
          name="service_time"
          type="time"
          value={time}
          aria-invalid={errors.service_time ? true : undefined}
          aria-describedby={describedBy('service_time')}
          onChange={(e) => setTime(e.currentTarget.value)}
        />
        {errorOf('service_time')}
      </div>
      <div className={fieldClass('notes')}>
        <label htmlFor={`${id}-notes`}>
          {t('store.notes')} <span className="g-hint">({t('common.optional')})</span>
        </label>
        <textarea
          id={`${id}-notes`}
          name="notes"
          rows={3}
          maxLength={NOTES_MAX}
          placeholder={t('store.notes_hint')}
          value={notes}
          aria-invalid={errors.notes ? true : undefined}
          aria-describedby={describedBy('notes', `${id}-notes-count`)}
          onChange={(e) => setNotes(e.currentTarget.value)}
        />
        <span id={`${id}-notes-count`} className="g-hint g-notes-count">
          {t('store.notes_count', { n: notes.length })}
        </span>
        {errorOf('notes')}
      </div>
      <div className="g-total" aria-live="polite" data-testid="request-total">
        <span>{t('store.total')}</span>
        <strong>
          <bdi>{total === 0 ? t('store.free') : money(total, service.currency, language)}</bdi>
        </strong>
      </div>
      {service.price > 0 && (
        <p className="g-hint">
          {paysOnline
            ? t(service.confirmation === 'manual' ? 'store.pays_online_manual' : 'store.pays_online')
            : t('store.pays_at_property')}
        </p>
      )}
      {formError && <Alert>{formError}</Alert>}
      <div className="g-actions">
        <button type="submit" className="g-btn g-btn-primary" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t('store.sending') : t(paysOnline ? 'store.submit_pay' : 'store.submit')}
        </button>
      </div>
    </form>
  );
}
