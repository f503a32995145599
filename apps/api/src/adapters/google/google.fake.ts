// A local HTTP server that plays Google's OAuth 2.0 token and OpenID userinfo endpoints, PKCE included.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeGoogleProfile {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

interface Grant {
  challenge: string;
  redirectUri: string;
  profile: FakeGoogleProfile;
}

export interface FakeGoogle {
  clientId: string;
  clientSecret: string;
  /** Config overrides that point the API at this server. */
  env: Record<string, string>;
  /** What Google does when the user consents: remembers the PKCE challenge and hands out a code. */
  authorize(opts: { challenge: string; redirectUri: string; profile: FakeGoogleProfile }): string;
  /** Every token request body received, for assertions. */
  tokenRequests: Record<string, string>[];
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * `consentProfile`: who "signs in at Google" when a browser reaches /authorize (end-to-end flows);
 * API tests call authorize() directly instead.
 */
export async function startFakeGoogle(
  options: { consentProfile?: FakeGoogleProfile } = {},
): Promise<FakeGoogle> {
  const clientId = 'posada-test.apps.googleusercontent.com';
  const clientSecret = 'fake-google-secret';
  const grants = new Map<string, Grant>();
  const accessTokens = new Map<string, FakeGoogleProfile>();
  const tokenRequests: Record<string, string>[] = [];

  const server = createServer(async (req, res) => {
    const send = (status: number, body: object) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const url = new URL(req.url ?? '/', 'http://localhost');

    if (req.method === 'POST' && url.pathname === '/token') {
      if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
        return send(400, { error: 'invalid_request' });
      }
      const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
      tokenRequests.push(form);
      if (form.client_id !== clientId || form.client_secret !== clientSecret) {
        return send(401, { error: 'invalid_client' });
      }
      const grant = grants.get(form.code ?? '');
      if (form.grant_type !== 'authorization_code' || !grant) return send(400, { error: 'invalid_grant' });
      grants.delete(form.code ?? '');
      const verifierChallenge = createHash('sha256')
        .update(form.code_verifier ?? '')
        .digest('base64url');
      if (verifierChallenge !== grant.challenge || form.redirect_uri !== grant.redirectUri) {
        return send(400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
      }
      const accessToken = randomBytes(24).toString('base64url');
      accessTokens.set(accessToken, grant.profile);
      return send(200, {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: 3599,
        scope: 'openid',
      });
    }

    if (req.method === 'GET' && url.pathname === '/authorize' && options.consentProfile) {
      const q = url.searchParams;
      const redirectUri = q.get('redirect_uri') ?? '';
      if (q.get('client_id') !== clientId || q.get('response_type') !== 'code' || !redirectUri) {
        return send(400, { error: 'invalid_request' });
      }
      if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) {
        return send(400, { error: 'invalid_request', error_description: 'PKCE S256 required' });
      }
      const code = randomBytes(16).toString('base64url');
      grants.set(code, {
        challenge: q.get('code_challenge') ?? '',
        redirectUri,
        profile: options.consentProfile,
      });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', q.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }

    if (req.method === 'GET' && url.pathname === '/userinfo') {
      const token = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
      const profile = accessTokens.get(token);
      if (!profile) return send(401, { error: 'invalid_token' });
      return send(200, profile);
    }

    send(404, { error: 'not_found' });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    clientId,
    clientSecret,
    env: {
      GOOGLE_CLIENT_ID: clientId,
      GOOGLE_CLIENT_SECRET: clientSecret,
      GOOGLE_AUTH_URL: `${base}/authorize`,
      GOOGLE_TOKEN_URL: `${base}/token`,
      GOOGLE_USERINFO_URL: `${base}/userinfo`,
    },
    authorize({ challenge, redirectUri, profile }) {
      const code = randomBytes(16).toString('base64url');
      grants.set(code, { challenge, redirectUri, profile });
      return code;
    },
    tokenRequests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
