import { authPaths, providersData } from '@posada/contracts/auth';
import { screen } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { routePaths } from '../../../config/routes.ts';
import { renderRoute } from '../../../test/render.tsx';
import { answer, refuse, server } from '../../../test/server.ts';

beforeEach(() => {
  server.use(http.get(authPaths.providers, () => answer(providersData, { google: false })));
});

// The first render of a route loads its lazy chunks: slow on a busy machine, so more than the default 5 s.
describe('the login page', { timeout: 20_000 }, () => {
  it('refuses a wrong password with a clear message and keeps the e-mail typed', async () => {
    // What the API answers a known address with the wrong password (auth.errors invalidCredentials, es).
    server.use(
      http.post(authPaths.login, () =>
        refuse(401, 'auth.invalid_credentials', 'El correo electrónico o la contraseña son incorrectos.'),
      ),
    );
    const { user, router } = await renderRoute(routePaths.Login);
    await user.type(await screen.findByLabelText('Correo electrónico'), 'demo@posada.local');
    await user.type(screen.getByLabelText('Contraseña'), 'not-the-password');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));

    const refused = await screen.findByText('El correo electrónico o la contraseña son incorrectos.');
    expect(refused.closest('[role="alert"]')).not.toBeNull();
    expect((screen.getByLabelText('Correo electrónico') as HTMLInputElement).value).toBe('demo@posada.local');
    expect(router.state.location.pathname).toBe('/');
  });
});
