// What the e2e server does after start for two-factor sign-in (no Playwright here: it runs under tsx).
import type { FastifyInstance } from 'fastify';
import { totpCode } from '../../../api/src/modules/auth/totp.ts';

/** An admin left without two-factor, for the forced-enrolment flow. */
export const unenrolledAdmin = 'admin-sin-2fa@posada.local';

/**
 * The specs that sign in as an admin each have their own enrolled admin (admin+<spec>@posada.local): an
 * authenticator code is taken once per person, so admins of their own never wait on each other's codes.
 */
export const adminSpecs = ['admin', 'admin-billing', 'admin-inbox', 'guard'] as const;
export type AdminSpec = (typeof adminSpecs)[number];
export const specAdmin = (spec: AdminSpec) => `admin+${spec}@posada.local`;
/** The enrolled admins: the demo's and the specs' own. */
export const isEnrolledAdmin = (email: string) => /^admin(\+[\w-]+)?@posada\.local$/.test(email);

/** What the e2e server does after start: the demo admin enrolled as a person would, through the API. */
export async function enrolThroughApi(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<string> {
  const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  const token = login.json().data.token as string;
  const headers = { authorization: `Bearer ${token}` };
  const setup = await app.inject({ method: 'POST', url: '/api/user/two-factor/setup', headers, payload: {} });
  const secret = setup.json().data.secret as string;
  const confirm = await app.inject({
    method: 'POST',
    url: '/api/user/two-factor/confirm',
    headers,
    payload: { code: totpCode(secret, new Date()) },
  });
  if (confirm.statusCode !== 200) throw new Error(`demo admin enrolment failed: ${confirm.body}`);
  await app.inject({ method: 'POST', url: '/api/logout', headers });
  return secret;
}
