import type { User } from '@posada/contracts/users';

/**
 * The session is stored locally (spec 3 "User (stored locally)"): the bearer token and the last known user.
 * The language choice lives under its own key and survives logout.
 */
const TOKEN_KEY = 'posada.token';
const USER_KEY = 'posada.user';
export const LANGUAGE_KEY = 'posada.lang';

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function getStoredUser(): User | null {
  const raw = localStorage.getItem(USER_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as User;
  } catch {
    return null;
  }
}

export function saveSession(token: string, user: User): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function saveUser(user: User): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

/** spec 2.3: a logged-out visitor has local storage cleared (the language choice is kept). */
export function clearLocalStorage(): void {
  const language = localStorage.getItem(LANGUAGE_KEY);
  localStorage.clear();
  if (language) localStorage.setItem(LANGUAGE_KEY, language);
}
