import { createBrowserRouter, Outlet } from 'react-router';
import { FullPageLoader, RequireRole } from './guards.tsx';
import { RouteError } from './layouts/route-error.tsx';
import { routePaths } from './routes.ts';
import { FirstPropertyGate } from './shell/first-property-gate.tsx';

/** Lazily loaded screens keep the first load small (ARCHITECTURE §4 budgets). */
const page =
  <M,>(load: () => Promise<M>, pick: (m: M) => React.ComponentType) =>
  async () => ({
    Component: pick(await load()),
  });

export const router = createBrowserRouter([
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      {
        // Auth layout: public screens; signed-in users are sent to their home (spec 2.3).
        lazy: page(
          () => import('./layouts/auth-layout.tsx'),
          (m) => m.AuthLayout,
        ),
        children: [
          {
            path: routePaths.Login,
            lazy: page(
              () => import('../features/auth/pages/login-page.tsx'),
              (m) => m.LoginPage,
            ),
          },
          {
            path: routePaths.Register,
            lazy: page(
              () => import('../features/auth/pages/register-page.tsx'),
              (m) => m.RegisterPage,
            ),
          },
          {
            path: routePaths.Reset,
            lazy: page(
              () => import('../features/auth/pages/reset-page.tsx'),
              (m) => m.ResetPage,
            ),
          },
          {
            path: routePaths.confirmacionReset,
            lazy: page(
              () => import('../features/auth/pages/confirm-reset-page.tsx'),
              (m) => m.ConfirmResetPage,
            ),
          },
          {
            path: routePaths.Confirmar,
            lazy: page(
              () => import('../features/auth/pages/confirm-email-page.tsx'),
              (m) => m.ConfirmEmailPage,
            ),
          },
          {
            path: routePaths.socialCallback,
            lazy: page(
              () => import('../features/auth/pages/social-callback-page.tsx'),
              (m) => m.SocialCallbackPage,
            ),
          },
        ],
      },
      {
        path: routePaths.Logout,
        lazy: page(
          () => import('../features/auth/pages/logout-page.tsx'),
          (m) => m.LogoutPage,
        ),
      },
      {
        path: routePaths.legacyBridge,
        lazy: page(
          () => import('../features/auth/pages/legacy-bridge-page.tsx'),
          (m) => m.LegacyBridgePage,
        ),
      },
      {
        // Business area: role empresa, Main layout.
        element: (
          <RequireRole userType="empresa">
            <Outlet />
          </RequireRole>
        ),
        children: [
          {
            lazy: page(
              () => import('./layouts/main-layout.tsx'),
              (m) => m.MainLayout,
            ),
            children: [
              {
                // spec 2.3: the root for a user with no property is the first-property wizard.
                path: routePaths.Dashboard,
                element: <FirstPropertyGate />,
                children: [
                  {
                    index: true,
                    lazy: page(
                      () => import('../features/dashboard/pages/dashboard-page.tsx'),
                      (m) => m.DashboardPage,
                    ),
                  },
                ],
              },
              {
                path: routePaths.propertiesList,
                lazy: page(
                  () => import('../features/properties/pages/properties-list-page.tsx'),
                  (m) => m.PropertiesListPage,
                ),
              },
            ],
          },
          {
            // Property creation layout (no sidebar): the wizard draws its own top bar.
            path: routePaths.firstCreatePropiedad,
            lazy: page(
              () => import('../features/properties/pages/property-wizard-page.tsx'),
              (m) => m.FirstPropertyWizardPage,
            ),
          },
          {
            path: routePaths.createPropiedad,
            lazy: page(
              () => import('../features/properties/pages/property-wizard-page.tsx'),
              (m) => m.AddPropertyWizardPage,
            ),
          },
        ],
      },
      {
        // Admin area: role admin, admin sidebar.
        element: (
          <RequireRole userType="admin">
            <Outlet />
          </RequireRole>
        ),
        children: [
          {
            lazy: page(
              () => import('./layouts/admin-layout.tsx'),
              (m) => m.AdminLayout,
            ),
            children: [
              {
                path: routePaths.HomeManager,
                lazy: page(
                  () => import('../features/admin/pages/home-manager-page.tsx'),
                  (m) => m.HomeManagerPage,
                ),
              },
              {
                path: routePaths.advisorsPage,
                lazy: page(
                  () => import('../features/admin/pages/advisors-page.tsx'),
                  (m) => m.AdvisorsPage,
                ),
              },
              {
                path: routePaths.UsuariosManager,
                lazy: page(
                  () => import('../features/admin/pages/users-page.tsx'),
                  (m) => m.UsersPage,
                ),
              },
            ],
          },
        ],
      },
      {
        path: '*',
        lazy: page(
          () => import('./layouts/not-found-page.tsx'),
          (m) => m.NotFoundPage,
        ),
      },
    ],
  },
]);
