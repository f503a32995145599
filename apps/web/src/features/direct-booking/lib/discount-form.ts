import {
  type DirectBookingSettings,
  type DiscountType,
  type UpdateDirectBookingSettingsBody,
  updateDirectBookingSettingsBody,
} from '@posada/contracts/direct-booking';
import type { Currency } from '@posada/contracts/properties';
import { currencySchema } from '@posada/contracts/properties';
import { type IssueLike, issuesToFieldMessages, type Translate } from '../../../components/form-errors.ts';
import { fromMinorUnits, toMinorUnits } from '../../../lib/money.ts';

/**
 * The discount as the operator types it: a percentage (1 to 100), or a fixed amount in the account's
 * currency units (85,50 €), which the API stores in minor units (spec 5 'a fixed discount is in euros').
 */
export interface DiscountFormValues {
  discount_enabled: boolean;
  discount_type: DiscountType;
  /** '' while the field is empty: an empty field says "required", never 0. */
  amount: number | '';
}

/** The form field a contract issue belongs to (the contract names it discount_value). */
export const DISCOUNT_FIELD = 'amount' as const;

/** The account's currency: its first property's, EUR without one (spec 5 speaks of euros). */
export function accountCurrency(properties: readonly { currency: string }[] | undefined): Currency {
  const parsed = currencySchema.safeParse(properties?.[0]?.currency);
  return parsed.success ? parsed.data : 'EUR';
}

export function discountFormValues(settings: DirectBookingSettings, currency: Currency): DiscountFormValues {
  const stored =
    settings.discount_type === 'fixed'
      ? fromMinorUnits(settings.discount_value, currency)
      : settings.discount_value;
  return {
    discount_enabled: settings.discount_enabled,
    discount_type: settings.discount_type,
    // A discount never set (0) shows an empty field rather than a 0 to correct.
    amount: stored && stored > 0 ? stored : '',
  };
}

/** The PUT body for the form; a discount switched off keeps its stored type and value. */
export function discountBody(
  values: DiscountFormValues,
  currency: Currency,
): UpdateDirectBookingSettingsBody {
  if (!values.discount_enabled) return { discount_enabled: false };
  const value =
    values.amount === ''
      ? undefined
      : values.discount_type === 'fixed'
        ? (toMinorUnits(values.amount, currency) ?? undefined)
        : values.amount;
  return { discount_enabled: true, discount_type: values.discount_type, discount_value: value };
}

/** Contract message keys are 'direct_booking.x'; the web namespace is the file direct-booking.json. */
export function withDirectBookingNamespace(translate: Translate): Translate {
  return (key, params) => translate(key.replace(/^direct_booking:/, 'direct-booking:'), params);
}

/**
 * Checks the form against the contract's own rules (the API applies the same ones): the translated
 * message per form field, empty when the discount can be saved.
 */
export function validateDiscount(
  values: DiscountFormValues,
  currency: Currency,
  translate: Translate,
): Partial<Record<typeof DISCOUNT_FIELD | 'discount_type', string>> {
  const t = withDirectBookingNamespace(translate);
  if (values.discount_enabled && values.amount === '') {
    return { [DISCOUNT_FIELD]: t('common:validation.required') };
  }
  const body = discountBody(values, currency);
  const result = updateDirectBookingSettingsBody.safeParse(body);
  if (result.success) return {};
  const messages = issuesToFieldMessages(result.error.issues as IssueLike[], body, t);
  const errors: Partial<Record<typeof DISCOUNT_FIELD | 'discount_type', string>> = {};
  for (const [field, message] of Object.entries(messages)) {
    if (field === 'discount_type') errors.discount_type = message;
    else errors[DISCOUNT_FIELD] = message;
  }
  return errors;
}
