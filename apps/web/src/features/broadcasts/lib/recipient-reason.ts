import type { BroadcastRecipient } from '@posada/contracts/broadcasts';

/**
 * Why a recipient got nothing, as the report words it (issue 26): a provider's failure code in the
 * reader's language as the API words it (`reason_text`; a code it has no words for is named as the
 * provider's error), Posada's own reasons (opted_out, daily_limit, no_phone…) by the screen's labels.
 */
export type RecipientReason =
  | { kind: 'none' }
  | { kind: 'provider'; code: string; text: string | null }
  | { kind: 'posada'; code: string };

/** A provider's code: digits (WhatsApp's 131026, 131049…); Posada's reasons are words. */
const providerCode = /^\d+$/;

export function recipientReasonOf(r: Pick<BroadcastRecipient, 'reason' | 'reason_text'>): RecipientReason {
  if (!r.reason) return { kind: 'none' };
  if (r.reason_text) return { kind: 'provider', code: r.reason, text: r.reason_text };
  if (providerCode.test(r.reason)) return { kind: 'provider', code: r.reason, text: null };
  return { kind: 'posada', code: r.reason };
}
