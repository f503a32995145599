import { screen } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { routePaths } from '../../../config/routes.ts';
import { anOperator } from '../../../test/fixtures.ts';
import { propertyListOf } from '../../../test/property-fixtures.ts';
import { renderRoute } from '../../../test/render.tsx';
import { refuse, server } from '../../../test/server.ts';

// The demo hotel on its free trial (spec 6): no premium access (plan smart, subscribed) yet.
const onTrial = anOperator({ plan: null, status_subscription: 'demo', tipo_hospedaje: 'hotel' });

// What the API answers such an account: its properties, and 403 on every store route (store-access.ts).
const featureUnavailable = () =>
  refuse(403, 'settings.feature_unavailable', 'Servicio no disponible en tu suscripción actual');

beforeEach(() => {
  server.use(
    propertyListOf(onTrial),
    http.get('/api/services', featureUnavailable),
    http.get('/api/upselling/providers', featureUnavailable),
  );
});

describe('the experiences store without premium access', () => {
  for (const path of [routePaths.Ofertas, routePaths.upsellingProviders, routePaths.createServicio]) {
    it(`shows the upgrade prompt instead of the store at ${path}`, async () => {
      await renderRoute(path, { user: onTrial });
      expect(await screen.findByTestId('experiences-upgrade')).toBeTruthy();
      expect(screen.getByText('Experiencias con el plan Smart')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Crear servicio' })).toBeNull();
    });
  }
});
