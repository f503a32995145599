import { type BookingsQuery, bookingsQuery } from '@posada/contracts/bookings';
import type { z } from 'zod';

/** The Reservas list state kept in the URL (search, filters, sort, page), so a reload or a shared link keeps it. */
export type ListState = z.output<typeof bookingsQuery>;

export const PAGE_SIZES = [25, 50, 100] as const;
/** Newest first: a booking just made or just synced is at the top. */
const DEFAULTS = { sort: '-created_at', page: 1, page_size: 25 } as const;
const FIELDS = [
  'search',
  'property_id',
  'status',
  'payment_status',
  'channel',
  'from',
  'to',
  'sort',
  'page',
  'page_size',
] as const;
type Field = (typeof FIELDS)[number];

/** Reads the list state from search params; an invalid value (hand-edited URL) is dropped, not an error. */
export function parseListParams(params: URLSearchParams): ListState {
  const state: Record<string, unknown> = { ...DEFAULTS };
  const shape = bookingsQuery.shape;
  for (const field of FIELDS) {
    const raw = params.get(field);
    if (raw === null || raw === '') continue;
    const parsed = shape[field].safeParse(raw);
    if (parsed.success && parsed.data !== undefined) state[field] = parsed.data;
  }
  if (typeof state.search === 'string' && state.search === '') delete state.search;
  if (!(PAGE_SIZES as readonly number[]).includes(state.page_size as number))
    state.page_size = DEFAULTS.page_size;
  if (state.from && state.to && (state.to as string) <= (state.from as string)) delete state.to;
  return state as ListState;
}

/** The list state as search params, leaving defaults out so the plain URL stays plain. */
export function listParamsToSearch(state: Partial<ListState>): URLSearchParams {
  const params = new URLSearchParams();
  for (const field of FIELDS) {
    const value = state[field as Field];
    if (value === undefined || value === null || value === '') continue;
    if (field in DEFAULTS && DEFAULTS[field as keyof typeof DEFAULTS] === value) continue;
    params.set(field, String(value));
  }
  return params;
}

/** A change of search, filter, sort or page size goes back to the first page. */
export function withChange(state: ListState, change: Partial<ListState>): ListState {
  const next = { ...state, ...change } as ListState;
  if (!('page' in change)) next.page = 1;
  for (const [key, value] of Object.entries(change)) {
    if (value === undefined || value === null || value === '') delete (next as Record<string, unknown>)[key];
  }
  if (next.page === undefined) next.page = 1;
  return next;
}

/** How many filters (not search, sort or paging) are on: the filter button's counter. */
export function activeFilterCount(state: ListState): number {
  return (['property_id', 'status', 'payment_status', 'channel', 'from'] as const).filter((f) =>
    Boolean(state[f]),
  ).length;
}

/** The query sent to GET /api/bookings for a list state. */
export function toQuery(state: ListState): BookingsQuery {
  const query: BookingsQuery = { sort: state.sort, page: state.page, page_size: state.page_size };
  for (const field of [
    'search',
    'property_id',
    'status',
    'payment_status',
    'channel',
    'from',
    'to',
  ] as const) {
    const value = state[field];
    if (value) (query as Record<string, unknown>)[field] = value;
  }
  return query;
}

/** The last page for a total, so a page past the end (rows removed meanwhile) can be corrected. */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
