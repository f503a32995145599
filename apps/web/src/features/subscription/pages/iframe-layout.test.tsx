import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routePaths } from '../../../config/routes.ts';
import { renderRoute } from '../../../test/render.tsx';

// The first render of a route loads its lazy chunks: slow on a busy machine, so more than the default 5 s.
describe('the iframe routes (spec 2.2 /iframe/*)', { timeout: 20_000 }, () => {
  it('show a sign-in prompt without a session, opening Login outside the frame', async () => {
    await renderRoute(routePaths.iframeSubscription);
    expect(await screen.findByTestId('iframe-sign-in')).toBeTruthy();
    const signIn = screen.getByRole('link', { name: 'Iniciar sesión' });
    expect(signIn.getAttribute('target')).toBe('_top');
    expect(signIn.getAttribute('href')).toBe(routePaths.Login);
  });
});
