import type {
  RegistrationBadge,
  RegistrationKindName,
  RegistrationStateName,
  RegistrationsQuery,
} from '@posada/contracts/authorities';
import { registrationKinds, registrationStates } from '@posada/contracts/authorities';

/**
 * What the operator sees of a registration (issue 14 item 2): pending (queued or sending), sent, accepted,
 * rejected, needs action, overdue (not settled with less than 12 hours left, in red), cancelled, replaced,
 * not configured or none yet. Rejected and overdue are red: they raise the alert.
 */
export type RegistrationTone =
  | 'waiting_guests'
  | 'pending'
  | 'sent'
  | 'accepted'
  | 'rejected'
  | 'needs_action'
  | 'overdue'
  | 'cancelling'
  | 'cancelled'
  | 'superseded'
  | 'not_configured'
  | 'none';

const colors: Record<RegistrationTone, string> = {
  waiting_guests: 'orange',
  pending: 'yellow',
  sent: 'blue',
  accepted: 'teal',
  rejected: 'red',
  needs_action: 'orange',
  overdue: 'red',
  cancelling: 'gray',
  cancelled: 'gray',
  superseded: 'gray',
  not_configured: 'gray',
  none: 'gray',
};

/** The badge of a state; `overdue` (from the API) wins over any unsettled state. */
export function registrationTone(state: RegistrationBadge, overdue = false): RegistrationTone {
  if (state === 'queued' || state === 'sending') return overdue ? 'overdue' : 'pending';
  if (overdue && (state === 'sent' || state === 'needs_action' || state === 'waiting_guests'))
    return 'overdue';
  return state;
}

export function toneColor(tone: RegistrationTone): string {
  return colors[tone];
}

/** Red badges: what the dashboard counts and the list filters on. */
export function isAlarming(tone: RegistrationTone): boolean {
  return tone === 'rejected' || tone === 'overdue';
}

/**
 * "Enviar ahora" before it was ever accepted; "Enviar igualmente" (confirmed, with the count) while
 * travellers are missing; "Reenviar" (a corrected version, confirmed first) after.
 */
export function sendAction(
  state: RegistrationStateName | null,
): 'send' | 'send_incomplete' | 'resend' | null {
  if (state === 'waiting_guests') return 'send_incomplete';
  if (state === null || state === 'queued' || state === 'needs_action' || state === 'rejected') return 'send';
  if (state === 'accepted') return 'resend';
  return null;
}

/** What a send answered, for its toast: out with the authority, still on its way, or stopped. */
export function sendOutcome(state: RegistrationStateName | null): 'sent' | 'queued' | 'stopped' {
  if (state === 'sent' || state === 'accepted') return 'sent';
  if (state === 'queued' || state === 'sending' || state === 'cancelling') return 'queued';
  return 'stopped';
}

/** A registration out with the authority or on its way: its screen asks again until it settles. */
export function isInFlight(state: RegistrationStateName | null | undefined): boolean {
  return state === 'queued' || state === 'sending' || state === 'sent' || state === 'cancelling';
}

/** The list filters kept in the URL of the registrations page. */
export interface RegistrationsListState {
  state?: RegistrationStateName;
  kind?: RegistrationKindName;
  property_id?: string;
  from?: string;
  to?: string;
  overdue?: boolean;
  page: number;
}

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

export function parseRegistrationsParams(params: URLSearchParams): RegistrationsListState {
  const state = params.get('state');
  const kind = params.get('kind');
  const from = params.get('from');
  const to = params.get('to');
  const page = Number(params.get('page'));
  return {
    state: (registrationStates as readonly string[]).includes(state ?? '')
      ? (state as RegistrationStateName)
      : undefined,
    kind: (registrationKinds as readonly string[]).includes(kind ?? '')
      ? (kind as RegistrationKindName)
      : undefined,
    property_id: params.get('property_id') || undefined,
    from: from && isoDay.test(from) ? from : undefined,
    to: to && isoDay.test(to) ? to : undefined,
    overdue: params.get('overdue') === 'true' || undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export function registrationsParamsToSearch(state: RegistrationsListState): URLSearchParams {
  const out = new URLSearchParams();
  for (const key of ['state', 'kind', 'property_id', 'from', 'to'] as const) {
    const value = state[key];
    if (value) out.set(key, value);
  }
  if (state.overdue) out.set('overdue', 'true');
  if (state.page > 1) out.set('page', String(state.page));
  return out;
}

/** Any filter change goes back to the first page. */
export function withRegistrationsChange(
  state: RegistrationsListState,
  change: Partial<RegistrationsListState>,
): RegistrationsListState {
  return { ...state, ...change, page: change.page ?? 1 };
}

export const REGISTRATIONS_PAGE_SIZE = 25;

/** The API query of the list (and, without paging, of the CSV export). */
export function toRegistrationsQuery(state: RegistrationsListState, paged = true): RegistrationsQuery {
  const { page, overdue, ...filters } = state;
  return {
    ...filters,
    ...(overdue ? { overdue: 'true' as const } : {}),
    ...(paged ? { page, page_size: REGISTRATIONS_PAGE_SIZE } : {}),
  };
}

export function registrationsFilterCount(state: RegistrationsListState): number {
  return [state.state, state.kind, state.property_id, state.from || state.to, state.overdue].filter(Boolean)
    .length;
}

/** The guest an authority error names ("Huésped 2: Ana Ruiz"), from the check-in's guests in order. */
export function errorGuestName(guest: number | undefined, names: readonly string[]): string | null {
  if (!guest || guest < 1) return null;
  return names[guest - 1] ?? null;
}
