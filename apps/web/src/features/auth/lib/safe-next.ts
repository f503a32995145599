import { type RouteName, routePaths } from '../../../config/routes.ts';

/** Screens a signed-in user must never be sent back to after signing in. */
const authRoutes: RouteName[] = [
  'Login',
  'Register',
  'Reset',
  'confirmacionReset',
  'Confirmar',
  'socialCallback',
  'Logout',
  'legacyBridge',
];

const authPatterns = authRoutes.map(
  (name) => new RegExp(`^${routePaths[name].replace(/:[^/]+/g, '[^/]+').replace(/\//g, '\\/')}\\/?$`),
);

const BASE = 'http://posada.invalid';

/**
 * The `next` query parameter the navigation guard adds, if it is safe to follow: a same-origin path
 * beginning with a single '/' (no '//' or '/\' that browsers read as another host, no scheme, no
 * control characters), and not an auth screen. Otherwise null.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || next.length > 2000) return null;
  if (!next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(next)) return null;
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  if (authPatterns.some((pattern) => pattern.test(url.pathname))) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
