// The API as the component tests see it: MSW handlers whose answers are checked against the contract's
// own schema (packages/contracts), so a handler cannot answer what the real API never would.
import { reminderSchema } from '@posada/contracts/checkins';
import { errorEnvelope } from '@posada/contracts/envelope';
import { unreadCountAnswer } from '@posada/contracts/inbox-requests';
import { notificationListSchema, unreadCountSchema } from '@posada/contracts/notifications';
import { userPaths, userSchema } from '@posada/contracts/users';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { z } from 'zod';
import { getStoredUser } from '../lib/session.ts';

/** The success envelope (ARCHITECTURE §3) of data the contract accepts; a mismatch fails the test. */
export function answer<S extends z.ZodType>(schema: S, data: z.input<S>, status = 200) {
  return HttpResponse.json({ ok: true, data: schema.parse(data) }, { status });
}

/** The error envelope, as the API's error handler writes it. */
export function refuse(status: number, code: string, message: string, errors?: Record<string, string[]>) {
  return HttpResponse.json(errorEnvelope.parse({ ok: false, code, message, errors }), { status });
}

/**
 * What the signed-in shell asks for on every page (the user, the bell, the inbox badge, the reminders),
 * answered quietly; a test overrides any of them with server.use.
 */
const shell = [
  http.get(userPaths.user, () => {
    const user = getStoredUser();
    return user ? answer(userSchema, user) : refuse(401, 'unauthenticated', 'No autenticado');
  }),
  http.get('/api/notifications/unread-count', () => answer(unreadCountSchema, { unread: 0 })),
  http.post('/api/notificatios/list', () => answer(notificationListSchema, [])),
  http.get('/api/inbox/unread-count', () => answer(unreadCountAnswer, { unread: 0, threads: 0 })),
  http.get('/api/reminders', () => answer(z.array(reminderSchema), [])),
];

export const server = setupServer(...shell);

/** Calls no handler answered since the last check: each is a test's omission (the socket has no server). */
const unhandled: string[] = [];
export function onUnhandledRequest(request: Request) {
  const { pathname } = new URL(request.url);
  if (!pathname.startsWith('/socket.io/')) unhandled.push(`${request.method} ${pathname}`);
}

/** Fails the test that let a call through unanswered, naming each one. */
export function takeUnhandled(): string[] {
  return unhandled.splice(0);
}
