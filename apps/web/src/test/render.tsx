// Rendering for the component tier: the app's own providers and route table, in a memory router, in the
// language asked for, signed in as the user given (stored as the app stores a session).
import { type User, userSchema } from '@posada/contracts/users';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '../app/providers.tsx';
import { routes, withPageToasts } from '../app/router.tsx';
import i18n, { i18nReady, type Language } from '../lib/i18n.ts';
import { saveSession } from '../lib/session.ts';

interface Options {
  language?: Language;
  /** Signed in as this user (checked against the contract); signed out when absent. */
  user?: User;
}

async function prepare({ language = 'es', user }: Options) {
  await i18nReady;
  await i18n.changeLanguage(language);
  if (user) saveSession('component-test-token', userSchema.parse(user));
}

/** One component inside the app's providers. */
export async function renderWithProviders(ui: ReactNode, options: Options = {}) {
  await prepare(options);
  return { ...render(<Providers>{ui}</Providers>), user: userEvent.setup() };
}

/** The whole app at `path`, as a browser opening that address would show it. */
export async function renderRoute(path: string, options: Options = {}) {
  await prepare(options);
  const router = withPageToasts(createMemoryRouter(routes, { initialEntries: [path] }));
  const view = render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router, user: userEvent.setup() };
}
