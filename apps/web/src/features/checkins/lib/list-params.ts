import { type CheckinsQuery, type CheckinTab, checkinTabs } from '@posada/contracts/checkins';

/** The check-in list state kept in the URL, so a reload or a shared link keeps tab, filters and page. */
export interface CheckinListState {
  view: 'list' | 'history';
  tab: CheckinTab;
  q?: string;
  property_id?: string;
  from?: string;
  to?: string;
  country?: string;
  page: number;
}

export const CHECKIN_PAGE_SIZE = 20;
const ISO = /^\d{4}-\d{2}-\d{2}$/;

/** Reads the state from search params; invalid values (a hand-edited URL) are dropped, not errors. */
export function parseCheckinParams(params: URLSearchParams): CheckinListState {
  const tab = params.get('tab') as CheckinTab | null;
  const page = Number(params.get('page'));
  const state: CheckinListState = {
    view: params.get('view') === 'history' ? 'history' : 'list',
    tab: tab && checkinTabs.includes(tab) ? tab : 'all',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
  const q = params.get('q')?.trim();
  if (q) state.q = q.slice(0, 100);
  const property = params.get('property_id');
  if (property && /^[0-9a-f-]{36}$/i.test(property)) state.property_id = property;
  const from = params.get('from');
  const to = params.get('to');
  if (from && ISO.test(from)) state.from = from;
  if (to && ISO.test(to) && (!state.from || to >= state.from)) state.to = to;
  const country = params.get('country')?.toUpperCase();
  if (country && /^[A-Z]{2}$/.test(country)) state.country = country;
  return state;
}

/** The state as search params, defaults left out so the plain URL stays plain. */
export function checkinParamsToSearch(state: CheckinListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.view !== 'list') params.set('view', state.view);
  if (state.tab !== 'all') params.set('tab', state.tab);
  for (const key of ['q', 'property_id', 'from', 'to', 'country'] as const) {
    const value = state[key];
    if (value) params.set(key, value);
  }
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** A change of anything but the page goes back to the first page; empty values are removed. */
export function withCheckinChange(
  state: CheckinListState,
  change: Partial<CheckinListState>,
): CheckinListState {
  const next: CheckinListState = { ...state, ...change };
  if (!('page' in change)) next.page = 1;
  for (const [key, value] of Object.entries(change)) {
    if (value === undefined || value === '') delete (next as unknown as Record<string, unknown>)[key];
  }
  return next;
}

/** The query of GET /api/checkins (the list) or GET /api/checkins/history for a state. */
export function toCheckinsQuery(state: CheckinListState): CheckinsQuery {
  const query: CheckinsQuery = { page: state.page, page_size: CHECKIN_PAGE_SIZE };
  if (state.view === 'list') {
    query.tab = state.tab;
    if (state.q) query.q = state.q;
  } else if (state.country) {
    query.country = state.country;
  }
  if (state.property_id) query.property_id = state.property_id;
  if (state.from) query.from = state.from;
  if (state.to) query.to = state.to;
  return query;
}

export const filterCount = (state: CheckinListState) =>
  [state.property_id, state.from, state.view === 'history' ? state.country : undefined].filter(Boolean)
    .length;
