import { accountSecurityPaths, twoFactorChallengeData } from '@posada/contracts/account-security';
import { authPaths, loginData, providersData } from '@posada/contracts/auth';
import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { routePaths } from '../config/routes.ts';
import { anOperator } from '../test/fixtures.ts';
import { anAdmin, quietAdminHome, quietDashboard } from '../test/homes.ts';
import { renderRoute } from '../test/render.tsx';
import { answer, server } from '../test/server.ts';

beforeEach(() => {
  server.use(
    http.get(authPaths.providers, () => answer(providersData, { google: false })),
    ...quietDashboard,
    ...quietAdminHome,
  );
});

/** Waits until the router has settled on `path`. */
async function landsOn(router: Awaited<ReturnType<typeof renderRoute>>['router'], path: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(path));
}

// The first render of a route loads its lazy chunks: slow on a busy machine, so more than the default 5 s.
describe('the route guards (spec 5)', { timeout: 20_000 }, () => {
  it('send a visitor on a business page to Login', async () => {
    const { router } = await renderRoute(routePaths.Dashboard);
    expect(await screen.findByRole('button', { name: 'Iniciar sesión' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(routePaths.Login);
  });

  it('send an empresa on /manager/* to Dashboard', async () => {
    const { router } = await renderRoute(routePaths.HomeManager, { user: anOperator() });
    await landsOn(router, routePaths.Dashboard);
  });

  it('land an admin on HomeManager after signing in, and send it back there from /business/*', async () => {
    const admin = anAdmin();
    // The admin's password earns a challenge; the code, the session (auth.service signInOrChallenge).
    server.use(
      http.post(authPaths.login, () =>
        answer(twoFactorChallengeData, {
          two_factor_required: true,
          challenge: 'c'.repeat(43),
          message: 'Introduce el código de tu aplicación de autenticación.',
        }),
      ),
      http.post(accountSecurityPaths.loginTwoFactor, () =>
        answer(loginData, {
          token: 't'.repeat(43),
          user: admin,
          message: 'Has iniciado sesión correctamente.',
          legacy_redirect: false,
        }),
      ),
    );
    const { router, user } = await renderRoute(routePaths.Login);
    await user.type(await screen.findByLabelText('Correo electrónico'), admin.email);
    await user.type(screen.getByLabelText('Contraseña'), 'Clave-de-admin-1');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    await user.type(await screen.findByLabelText('Código de verificación'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    await landsOn(router, routePaths.HomeManager);

    await router.navigate(routePaths.Dashboard);
    await landsOn(router, routePaths.HomeManager);
  });

  it('take a signed-in empresa opening Login to Dashboard', async () => {
    const { router } = await renderRoute(routePaths.Login, { user: anOperator() });
    await landsOn(router, routePaths.Dashboard);
  });
});
