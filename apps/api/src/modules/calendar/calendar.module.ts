import { type ApiModule, bindRoutes } from '../../lib/module.ts';
import { calendarRoutes } from './calendar.routes.ts';
import { type CalendarService, createCalendarService } from './calendar.service.ts';

/** The calendars' one read (owns the calendar month caches). */
export function createCalendarModule(
  deps: Parameters<typeof createCalendarService>[0],
): ApiModule<CalendarService> {
  const service = createCalendarService(deps);
  return { name: 'calendar', service, routes: bindRoutes(calendarRoutes, { calendar: service }) };
}
