/**
 * Calendar screens start their GET /api/calendar as soon as the route matches, while their code loads
 * (the request lives in the query cache the page then reads).
 */
export const prefetchCalendar =
  (screen: 'apartments' | 'hotel' | 'monthly' | 'availability') =>
  ({ request }: { request: Request }) => {
    void import('../features/reservations/calendars/prefetch.ts').then((m) =>
      m.prefetchCalendar(screen, request.url),
    );
    return null;
  };
