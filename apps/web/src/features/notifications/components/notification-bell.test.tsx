import { notificationListSchema, unreadCountSchema } from '@posada/contracts/notifications';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { routePaths } from '../../../config/routes.ts';
import { anOperator } from '../../../test/fixtures.ts';
import { quietDashboard } from '../../../test/homes.ts';
import { renderRoute } from '../../../test/render.tsx';
import { answer, server } from '../../../test/server.ts';

// The first render of a route loads its lazy chunks: slow on a busy machine, so more than the default 5 s.
describe('the notifications dropdown', { timeout: 20_000 }, () => {
  for (const lang of ['es', 'ar'] as const) {
    it(`shows dates in the interface language (${lang})`, async () => {
      const [start, end] = ['2029-11-05', '2029-11-08'];
      server.use(
        ...quietDashboard,
        http.get('/api/notifications/unread-count', () => answer(unreadCountSchema, { unread: 1 })),
        // A new booking's notification as bookings.service writes it: the stay's ISO dates in the body.
        http.post('/api/notificatios/list', () =>
          answer(notificationListSchema, [
            {
              id: '7d1c2b3a-0000-4000-8000-00000000b001',
              type: 1,
              kind: 'booking_new',
              title: `R-2029-0001 · Campana ${lang}`,
              body: `Villa Mar Azul · ${start} → ${end}`,
              created_at: '2029-10-01T09:30:00.000Z',
              read_at: null,
              relation_id: '7d1c2b3a-0000-4000-8000-00000000b002',
            },
          ]),
        ),
      );
      const { user } = await renderRoute(routePaths.Dashboard, { user: anOperator(), language: lang });
      await user.click(await screen.findByTestId('notification-bell'));
      // jsdom measures nothing, so floating-ui calls the dropdown's anchor hidden (display: none).
      const title = await screen.findByText(`R-2029-0001 · Campana ${lang}`);
      const item = title.closest('button');
      if (!item) throw new Error('the notification is not a button');
      const body = within(item).getByTestId('notification-body');
      expect(body.textContent).not.toContain(start);
      expect(body.textContent).not.toContain(end);
      // The stay as the lists write it: "5–8 nov 2029" in Spanish, the Arabic month name in Arabic.
      const month = new Intl.DateTimeFormat(lang === 'es' ? 'es-ES' : 'ar-u-nu-latn', {
        month: 'short',
        timeZone: 'UTC',
      }).format(new Date(`${start}T00:00:00Z`));
      expect(body.textContent).toContain(month);
      expect(body.textContent).toContain('2029');
      if (lang === 'es') expect(body.textContent).toMatch(/5\s?–\s?8 nov 2029/);
    });
  }
});
