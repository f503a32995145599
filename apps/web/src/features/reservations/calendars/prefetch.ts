import { queryClient } from '../../../lib/query-client.ts';
import { getStoredUser } from '../../../lib/session.ts';
import { operatorToday } from '../../../lib/today.ts';
import { calendarQuery } from './api/calendar-api.ts';
import { type CalendarScreen, calendarRequest } from './lib/calendar-window.ts';

/**
 * Starts a calendar screen's GET /api/calendar as soon as its route matches (route loader), in parallel
 * with loading the page's code, instead of after the page has rendered.
 */
export function prefetchCalendar(screen: CalendarScreen, url: string): void {
  const user = getStoredUser();
  if (!user) return;
  const request = calendarRequest(screen, new URL(url).searchParams, user, operatorToday(user));
  if (request) void queryClient.prefetchQuery(calendarQuery(request));
}
