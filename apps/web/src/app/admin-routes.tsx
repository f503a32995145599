import type { RouteObject } from 'react-router';
import { routePaths } from '../config/routes.ts';
import { page } from './lazy-page.ts';

/** The back office under the admin layout (spec 2.4). */
export const adminRoutes: RouteObject[] = [
  {
    path: routePaths.adminSecurity,
    lazy: page(
      () => import('../features/auth/account/admin-security-page.tsx'),
      (m) => m.AdminSecurityPage,
    ),
  },
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
  {
    path: routePaths.adminPrices,
    lazy: page(
      () => import('../features/admin/pages/prices-page.tsx'),
      (m) => m.PricesPage,
    ),
  },
  {
    path: routePaths.adminPayments,
    lazy: page(
      () => import('../features/admin/pages/payments-page.tsx'),
      (m) => m.PaymentsPage,
    ),
  },
  {
    path: routePaths.adminUserManagement,
    lazy: page(
      () => import('../features/admin/pages/user-management-page.tsx'),
      (m) => m.UserManagementPage,
    ),
  },
  {
    path: routePaths.adminUnroutedMessages,
    lazy: page(
      () => import('../features/admin/pages/unrouted-messages-page.tsx'),
      (m) => m.UnroutedMessagesPage,
    ),
  },
  {
    path: routePaths.adminUserInformation,
    lazy: page(
      () => import('../features/admin/pages/user-information-page.tsx'),
      (m) => m.UserInformationPage,
    ),
  },
  {
    path: routePaths.adminUserCheckins,
    lazy: page(
      () => import('../features/admin/pages/user-information-page.tsx'),
      (m) => m.UserInformationPage,
    ),
  },
  {
    path: routePaths.adminUserCheckinsPending,
    lazy: page(
      () => import('../features/admin/pages/user-information-page.tsx'),
      (m) => m.UserInformationPage,
    ),
  },
];
