import { Navigate, type RouteObject } from 'react-router';
import { routePaths } from '../config/routes.ts';
import { page } from './lazy-page.ts';

/** The account's own pages under the profile layout (spec 2.2 profile). */
export const profileRoutes: RouteObject[] = [
  { index: true, element: <Navigate to={routePaths.configAccount} replace /> },
  {
    path: routePaths.configAccount,
    lazy: page(
      () => import('../features/auth/account/account-page.tsx'),
      (m) => m.AccountPage,
    ),
  },
  {
    path: routePaths.configLanguage,
    lazy: page(
      () => import('../features/auth/account/language-page.tsx'),
      (m) => m.LanguagePage,
    ),
  },
  {
    path: routePaths.secureSesion,
    lazy: page(
      () => import('../features/auth/account/security-page.tsx'),
      (m) => m.SecurityPage,
    ),
  },
  {
    path: routePaths.integrations,
    lazy: page(
      () => import('../features/auth/account/integrations-page.tsx'),
      (m) => m.IntegrationsPage,
    ),
  },
  {
    path: routePaths.profilePayments,
    lazy: page(
      () => import('../features/payments/pages/payments-account-page.tsx'),
      (m) => m.PaymentsAccountPage,
    ),
  },
  {
    path: routePaths.connectionChannel,
    lazy: page(
      () => import('../features/channels/pages/connection-channel-page.tsx'),
      (m) => m.ConnectionChannelPage,
    ),
  },
  {
    path: routePaths.billing,
    lazy: page(
      () => import('../features/subscription/pages/billing-page.tsx'),
      (m) => m.BillingPage,
    ),
  },
  {
    path: routePaths.accountInvoices,
    lazy: page(
      () => import('../features/subscription/pages/invoices-page.tsx'),
      (m) => m.InvoicesPage,
    ),
  },
  {
    path: routePaths.accountWaba,
    lazy: page(
      () => import('../features/whatsapp/pages/account-waba-page.tsx'),
      (m) => m.AccountWabaPage,
    ),
  },
  {
    path: routePaths.wabaIntegration,
    lazy: page(
      () => import('../features/whatsapp/pages/waba-integration-page.tsx'),
      (m) => m.WabaIntegrationPage,
    ),
  },
];
