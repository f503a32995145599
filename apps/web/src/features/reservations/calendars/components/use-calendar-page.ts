import { useLocalStorage } from '@mantine/hooks';
import { isHotelType } from '@posada/domain/property-types';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../../lib/api.ts';
import { notify } from '../../../../lib/notify.ts';
import { useOperatorToday } from '../../../../lib/today.ts';
import { useCurrentUser } from '../../../../lib/use-session.ts';
import { calendarQuery } from '../api/calendar-api.ts';
import { TIMELINE_DAYS, timelineWindow } from '../lib/calendar-window.ts';
import { addDays, addMonths, parseDateParam, startOfMonth } from '../lib/dates.ts';

/**
 * The date window of a timeline calendar, kept in the URL (`?date=2027-03-01`) so a reload or a shared
 * link opens on the same days: a few days before the anchor for context, then the rest of the window.
 */
export function useCalendarWindow() {
  const [params, setParams] = useSearchParams();
  const today = useOperatorToday();
  const anchor = parseDateParam(params.get('date'), today);
  const [nonce, setNonce] = useState(0);
  const [visibleMonth, setVisibleMonth] = useState(startOfMonth(anchor));
  const { from, to } = timelineWindow(anchor);
  const days = TIMELINE_DAYS;

  const setAnchor = useCallback(
    (day: string) => {
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.set('date', day);
          return next;
        },
        { replace: true },
      );
      setNonce((n) => n + 1);
    },
    [setParams],
  );

  return {
    today,
    anchor,
    from,
    to,
    days,
    /** Where the grid scrolls to: the anchor, or the day before today so today is not on the edge. */
    scrollTo: { day: anchor === today ? addDays(today, -1) : anchor, nonce },
    visibleMonth,
    onVisibleMonth: setVisibleMonth,
    goToday: () => setAnchor(today),
    goMonth: (month: string) => setAnchor(startOfMonth(month)),
    prev: () => setAnchor(addMonths(visibleMonth, -1)),
    next: () => setAnchor(addMonths(visibleMonth, 1)),
    params,
    setParams,
  };
}

/** The show-prices toggle (spec 2.4), remembered on this device. */
export function useShowPrices() {
  return useLocalStorage<boolean>({ key: 'posada.calendar.showPrices', defaultValue: true });
}

export type CalendarDensity = 'comfortable' | 'compact';

/** The timelines' day width on desktop (issue 13: compact shows a month at 1280 px), remembered on this device. */
export function useCalendarDensity() {
  return useLocalStorage<CalendarDensity>({ key: 'posada.calendar.density', defaultValue: 'comfortable' });
}

/**
 * GET /api/calendar for a window and some properties, with the spec 8 toast when it fails
 * ('Error loading calendar data'); the page shows the error with a retry as well.
 */
export function useCalendarData(params: { from: string; to: string; property_ids?: string }, enabled = true) {
  const { t } = useTranslation('calendar');
  const query = useQuery({ ...calendarQuery(params), enabled });
  const toasted = useRef<unknown>(null);
  useEffect(() => {
    if (query.error && toasted.current !== query.error) {
      toasted.current = query.error;
      const detail = query.error instanceof ApiError ? query.error.message : undefined;
      notify.error(detail ?? t('errors.load'), t('errors.load'));
    }
  }, [query.error, t]);
  return query;
}

/** The account's properties (from the session user), split by calendar. */
export function useAccountProperties() {
  const { data: user } = useCurrentUser();
  return useMemo(() => {
    const all = user?.properties ?? [];
    return {
      user,
      all,
      apartments: all.filter((p) => !isHotelType(p.tipo_propiedad)),
      hotels: all.filter((p) => isHotelType(p.tipo_propiedad)),
      activeId: user?.active_property_id ?? null,
    };
  }, [user]);
}
