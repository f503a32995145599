import { Navigate, type RouteObject } from 'react-router';
import { routePaths } from '../config/routes.ts';
import { page } from './lazy-page.ts';

/** The subscription and invoice pages under the invoices layout (spec 2.2 invoices). */
export const invoicesRoutes: RouteObject[] = [
  { index: true, element: <Navigate to={routePaths.pageSubscription} replace /> },
  {
    path: routePaths.pageSubscription,
    lazy: page(
      () => import('../features/subscription/pages/subscription-page.tsx'),
      (m) => m.SubscriptionPage,
    ),
  },
  {
    path: routePaths.updateSubscription,
    lazy: page(
      () => import('../features/subscription/pages/update-subscription-page.tsx'),
      (m) => m.UpdateSubscriptionPage,
    ),
  },
  {
    path: routePaths.invoiceList,
    lazy: page(
      () => import('../features/subscription/pages/invoices-page.tsx'),
      (m) => m.InvoicesPage,
    ),
  },
];
