import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { routePaths } from '../config/routes.ts';
import { PaywallGate } from '../features/subscription/components/paywall.tsx';
import { clearPageToasts } from '../lib/notify.ts';
import { adminRoutes } from './admin-routes.tsx';
import { authRoutes } from './auth-routes.tsx';
import { calendarRoutes } from './calendar-routes.tsx';
import { RequireRole } from './guards.tsx';
import { invoicesRoutes } from './invoices-routes.tsx';
import { RouteError } from './layouts/route-error.tsx';
import { page } from './lazy-page.ts';
import { prefetchCalendar } from './prefetch-calendar.ts';
import { profileRoutes } from './profile-routes.tsx';
import { settingsRoutes } from './settings-routes.tsx';
import { FirstPropertyGate } from './shell/first-property-gate.tsx';

/** The app's route table: the browser router below, and a memory router in the component tests. */
export const routes: RouteObject[] = [
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
        children: authRoutes,
      },
      {
        path: routePaths.Logout,
        lazy: page(
          () => import('../features/auth/pages/logout-page.tsx'),
          (m) => m.LogoutPage,
        ),
      },
      {
        // Public: a guest back from a payment link's Checkout page.
        path: routePaths.payResult,
        lazy: page(
          () => import('../features/payments/pages/pay-result-page.tsx'),
          (m) => m.PayResultPage,
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
            <PaywallGate />
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
                // spec 2.2 profile: the account's own pages.
                path: routePaths.profile,
                lazy: page(
                  () => import('../features/auth/account/profile-layout.tsx'),
                  (m) => m.ProfileLayout,
                ),
                children: profileRoutes,
              },
              {
                // spec 2.2 invoices: the subscription (select/suscriptions, manage/update-suscription) and invoicelist.
                path: routePaths.invoices,
                lazy: page(
                  () => import('../features/subscription/pages/invoices-layout.tsx'),
                  (m) => m.InvoicesLayout,
                ),
                children: invoicesRoutes,
              },
              {
                path: routePaths.Servicios,
                lazy: page(
                  () => import('../features/experiences/services/services-page.tsx'),
                  (m) => m.ServicesPage,
                ),
              },
              {
                path: routePaths.Ofertas,
                lazy: page(
                  () => import('../features/experiences/services/services-page.tsx'),
                  (m) => m.ServicesPage,
                ),
              },
              {
                path: routePaths.serviceRequests,
                lazy: page(
                  () => import('../features/experiences/requests/requests-page.tsx'),
                  (m) => m.ServiceRequestsPage,
                ),
              },
              {
                path: routePaths.upsellingAccommodations,
                lazy: page(
                  () => import('../features/experiences/upsell/accommodations-page.tsx'),
                  (m) => m.UpsellAccommodationsPage,
                ),
              },
              {
                path: routePaths.upsellingProviders,
                lazy: page(
                  () => import('../features/experiences/providers/providers-page.tsx'),
                  (m) => m.ProvidersPage,
                ),
              },
              {
                path: routePaths.upsellingReports,
                lazy: page(
                  () => import('../features/experiences/reports/reports-page.tsx'),
                  (m) => m.UpsellReportsPage,
                ),
              },
              {
                path: routePaths.upsellingConfig,
                lazy: page(
                  () => import('../features/experiences/upsell/upsell-config-page.tsx'),
                  (m) => m.UpsellConfigPage,
                ),
              },
              {
                path: routePaths.manageChatBot,
                lazy: page(
                  () => import('../features/concierge/editor/manage-chatbot-page.tsx'),
                  (m) => m.ManageChatBotPage,
                ),
              },
              {
                path: routePaths.massCommunication,
                lazy: page(
                  () => import('../features/broadcasts/pages/mass-communication-page.tsx'),
                  (m) => m.MassCommunicationPage,
                ),
              },
              {
                path: routePaths.Reservas,
                lazy: page(
                  () => import('../features/reservations/reservas/reservas-page.tsx'),
                  (m) => m.ReservasPage,
                ),
              },
              {
                path: routePaths.importBookings,
                lazy: page(
                  () => import('../features/reservations/import/import-page.tsx'),
                  (m) => m.ImportBookingsPage,
                ),
              },
              {
                path: routePaths.reservationBooking,
                lazy: page(
                  () => import('../features/reservations/details/booking-page.tsx'),
                  (m) => m.BookingPage,
                ),
              },
              {
                path: routePaths.Bookings,
                lazy: page(
                  () => import('../features/checkins/pages/bookings-page.tsx'),
                  (m) => m.BookingsPage,
                ),
              },
              {
                path: routePaths.messageChannelPage,
                lazy: page(
                  () => import('../features/inbox/pages/inbox-page.tsx'),
                  (m) => m.InboxPage,
                ),
              },
              {
                path: routePaths.registrations,
                lazy: page(
                  () => import('../features/checkins/pages/registrations-page.tsx'),
                  (m) => m.RegistrationsPage,
                ),
              },
              {
                path: routePaths.notificaciones,
                lazy: page(
                  () => import('../features/notifications/pages/notifications-page.tsx'),
                  (m) => m.NotificationsPage,
                ),
              },
              {
                path: routePaths.remindersBell,
                lazy: page(
                  () => import('../features/checkins/pages/reminders-page.tsx'),
                  (m) => m.RemindersPage,
                ),
              },
              {
                path: routePaths.propertiesList,
                lazy: page(
                  () => import('../features/properties/pages/properties-list-page.tsx'),
                  (m) => m.PropertiesListPage,
                ),
              },
              {
                // Property settings: the home (grouped menu) and one page per section.
                path: routePaths.editionProperty,
                lazy: page(
                  () => import('../features/property-settings/pages/settings-layout.tsx'),
                  (m) => m.SettingsLayout,
                ),
                children: settingsRoutes,
              },
              {
                // spec 2.4 Channels screen: its "Reserva directa" tab is the direct-booking feature's panel.
                path: routePaths.ChannelConnect,
                lazy: async () => {
                  const [channels, direct] = await Promise.all([
                    import('../features/channels/pages/channel-connect-page.tsx'),
                    import('../features/direct-booking/components/direct-booking-panel.tsx'),
                  ]);
                  return {
                    element: <channels.ChannelConnectPage directBooking={<direct.DirectBookingPanel />} />,
                  };
                },
              },
              {
                // spec 2.2 waba_integration and its embedded-signup callback (issue 17).
                path: routePaths.wabaIntegrationPage,
                lazy: page(
                  () => import('../features/whatsapp/pages/waba-integration-page.tsx'),
                  (m) => m.WabaIntegrationPage,
                ),
              },
              {
                path: routePaths.wabaEmbeddedSignup,
                lazy: page(
                  () => import('../features/whatsapp/pages/embedded-signup-page.tsx'),
                  (m) => m.EmbeddedSignupPage,
                ),
              },
              {
                path: routePaths.ChannelConnectOta,
                lazy: page(
                  () => import('../features/channels/pages/channel-connect-ota-page.tsx'),
                  (m) => m.ChannelConnectOtaPage,
                ),
              },
              {
                path: routePaths.availabilityPrices,
                handle: { name: 'availabilityPrices' },
                loader: prefetchCalendar('availability'),
                lazy: page(
                  () => import('../features/reservations/availability/pages/availability-prices-page.tsx'),
                  (m) => m.AvailabilityPricesPage,
                ),
              },
              {
                // spec 2.2 /prueba/website: the operator's preview of the direct-booking website, signed in.
                path: routePaths.previewWebsite,
                lazy: page(
                  () => import('../features/direct-booking/pages/website-preview-page.tsx'),
                  (m) => m.WebsitePreviewPage,
                ),
              },
            ],
          },
          {
            // spec 2.3 Minimal layout for the calendars: full width, the close button goes to Dashboard.
            lazy: page(
              () => import('../features/reservations/calendars/components/calendar-layout.tsx'),
              (m) => m.CalendarLayout,
            ),
            children: calendarRoutes,
          },
          {
            // spec 2.3 Minimal layout for the check-in forms (checkinManual shows its 3-step header).
            lazy: page(
              () => import('./layouts/minimal-layout.tsx'),
              (m) => m.MinimalLayout,
            ),
            children: [
              {
                path: routePaths.createServicio,
                handle: { name: 'createServicio' },
                lazy: page(
                  () => import('../features/experiences/services/service-form-page.tsx'),
                  (m) => m.CreateServicePage,
                ),
              },
              {
                path: routePaths.updateServicio,
                handle: { name: 'updateServicio' },
                lazy: page(
                  () => import('../features/experiences/services/service-form-page.tsx'),
                  (m) => m.UpdateServicePage,
                ),
              },
              {
                path: routePaths.checkinManual,
                handle: { name: 'checkinManual' },
                lazy: page(
                  () => import('../features/checkins/pages/manual-checkin-page.tsx'),
                  (m) => m.ManualCheckinPage,
                ),
              },
              {
                path: routePaths.checkinPrevie,
                handle: { name: 'checkinPrevie' },
                lazy: page(
                  () => import('../features/checkins/pages/send-checkin-page.tsx'),
                  (m) => m.SendCheckinPage,
                ),
              },
              {
                path: routePaths.checkinPrevieLink,
                handle: { name: 'checkinPrevieLink' },
                lazy: page(
                  () => import('../features/checkins/pages/send-checkin-page.tsx'),
                  (m) => m.SendCheckinPage,
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
        // spec 2.2 /iframe/invoices and /iframe/select/suscriptions: no chrome, the stored session (docs/decisions.md).
        lazy: page(
          () => import('../features/subscription/pages/iframe-layout.tsx'),
          (m) => m.IframeLayout,
        ),
        children: [
          {
            path: routePaths.iframeInvoices,
            lazy: page(
              () => import('../features/subscription/pages/invoices-page.tsx'),
              (m) => m.InvoicesPage,
            ),
          },
          {
            path: routePaths.iframeSubscription,
            lazy: async () => {
              const m = await import('../features/subscription/pages/subscription-page.tsx');
              return { element: <m.SubscriptionPage embedded /> };
            },
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
            children: adminRoutes,
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
];

/** The router of the page (or of a test): toasts about a page (the sign-in welcome) leave with it. */
export function withPageToasts<
  R extends { subscribe: (fn: (state: { location: { pathname: string } }) => void) => unknown },
>(router: R): R {
  router.subscribe((state) => clearPageToasts(state.location.pathname));
  return router;
}

export const createAppRouter = () => withPageToasts(createBrowserRouter(routes));
