import type { RouteObject } from 'react-router';
import { routePaths } from '../config/routes.ts';
import { page } from './lazy-page.ts';

/** The public screens under the auth layout (spec 2.3): signed-in users are sent to their home. */
export const authRoutes: RouteObject[] = [
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
    path: routePaths.signInLink,
    lazy: page(
      () => import('../features/auth/pages/sign-in-link-page.tsx'),
      (m) => m.SignInLinkPage,
    ),
  },
  {
    path: routePaths.socialCallback,
    lazy: page(
      () => import('../features/auth/pages/social-callback-page.tsx'),
      (m) => m.SocialCallbackPage,
    ),
  },
];
