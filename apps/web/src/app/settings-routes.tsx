import type { RouteObject } from 'react-router';
import { routePaths } from '../config/routes.ts';
import { page } from './lazy-page.ts';

/** The children of the property settings layout (spec 2.3 editionProperty): one lazily loaded page each. */
export const settingsRoutes: RouteObject[] = [
  {
    index: true,
    lazy: page(
      () => import('../features/property-settings/pages/settings-home-page.tsx'),
      (m) => m.SettingsHomePage,
    ),
  },
  {
    path: routePaths.dataBasicAccommodation,
    lazy: page(
      () => import('../features/property-settings/pages/data-basic-page.tsx'),
      (m) => m.DataBasicPage,
    ),
  },
  {
    path: routePaths.nameProperty,
    lazy: page(
      () => import('../features/property-settings/pages/name-property-page.tsx'),
      (m) => m.NamePropertyPage,
    ),
  },
  {
    path: routePaths.locationProperty,
    lazy: page(
      () => import('../features/property-settings/pages/location-property-page.tsx'),
      (m) => m.LocationPropertyPage,
    ),
  },
  {
    path: routePaths.serviceProperty,
    lazy: page(
      () => import('../features/property-settings/pages/services-property-page.tsx'),
      (m) => m.ServicesPropertyPage,
    ),
  },
  {
    path: routePaths.capacityProperty,
    lazy: page(
      () => import('../features/property-settings/pages/capacity-property-page.tsx'),
      (m) => m.CapacityPropertyPage,
    ),
  },
  {
    path: routePaths.priceProperty,
    lazy: page(
      () => import('../features/property-settings/pages/price-property-page.tsx'),
      (m) => m.PricePropertyPage,
    ),
  },
  {
    path: routePaths.descriptionProperty,
    lazy: page(
      () => import('../features/property-settings/pages/description-property-page.tsx'),
      (m) => m.DescriptionPropertyPage,
    ),
  },
  {
    path: routePaths.accommodationPolicies,
    lazy: page(
      () => import('../features/property-settings/pages/policies-page.tsx'),
      (m) => m.PoliciesPage,
    ),
  },
  {
    path: routePaths.welcomeAccommodation,
    lazy: page(
      () => import('../features/property-settings/pages/welcome-page.tsx'),
      (m) => m.WelcomePage,
    ),
  },
  {
    path: routePaths.regionAccommodation,
    lazy: page(
      () => import('../features/property-settings/pages/region-page.tsx'),
      (m) => m.RegionPage,
    ),
  },
  {
    path: routePaths.SeguridadPropiedad,
    lazy: page(
      () => import('../features/property-settings/pages/security-code-page.tsx'),
      (m) => m.SecurityCodePage,
    ),
  },
  {
    path: routePaths.Notifications,
    lazy: page(
      () => import('./notifications-settings-page.tsx'),
      (m) => m.NotificationsSettingsPage,
    ),
  },
  {
    path: routePaths.Review,
    lazy: page(
      () => import('./guest-reviews-route.tsx'),
      (m) => m.GuestReviewsRoute,
    ),
  },
  {
    path: routePaths.identityVerification,
    lazy: page(
      () => import('../features/property-settings/pages/identity-verification-page.tsx'),
      (m) => m.IdentityVerificationPage,
    ),
  },
  {
    path: routePaths.pageManageChatBot,
    lazy: page(
      () => import('../features/property-settings/pages/chatbot-page.tsx'),
      (m) => m.ChatbotPage,
    ),
  },
  {
    path: routePaths.crossSellingProperty,
    lazy: page(
      () => import('../features/property-settings/pages/cross-selling-page.tsx'),
      (m) => m.CrossSellingPage,
    ),
  },
  {
    path: routePaths.smartLocks,
    lazy: page(
      () => import('../features/property-settings/pages/smart-locks-page.tsx'),
      (m) => m.SmartLocksPage,
    ),
  },
  {
    path: routePaths.Authorities,
    lazy: page(
      () => import('../features/property-settings/pages/authorities-page.tsx'),
      (m) => m.AuthoritiesPage,
    ),
  },
  {
    path: routePaths.checkinProgramming,
    lazy: page(
      () => import('../features/property-settings/pages/checkin-programming-page.tsx'),
      (m) => m.CheckinProgrammingPage,
    ),
  },
  {
    path: routePaths.roomTypes,
    lazy: page(
      () => import('../features/property-settings/rooms/pages/room-types-page.tsx'),
      (m) => m.RoomTypesPage,
    ),
  },
  {
    path: routePaths.roomManagement,
    lazy: page(
      () => import('../features/property-settings/rooms/pages/room-management-page.tsx'),
      (m) => m.RoomManagementPage,
    ),
  },
  {
    path: routePaths.Habitaciones,
    lazy: page(
      () => import('../features/property-settings/rooms/pages/room-management-page.tsx'),
      (m) => m.RoomManagementPage,
    ),
  },
  {
    path: routePaths.maintenance,
    lazy: page(
      () => import('../features/property-settings/rooms/pages/maintenance-page.tsx'),
      (m) => m.MaintenancePage,
    ),
  },
  {
    path: routePaths.Rates,
    lazy: page(
      () => import('../features/property-settings/rooms/pages/rates-page.tsx'),
      (m) => m.RatesPage,
    ),
  },
  {
    path: routePaths.ImageAccommodation,
    lazy: page(
      () => import('../features/property-settings/rooms/pages/images-page.tsx'),
      (m) => m.ImagesPage,
    ),
  },
  {
    path: routePaths.syncCalendar,
    lazy: page(
      () => import('../features/channels/pages/sync-calendar-page.tsx'),
      (m) => m.SyncCalendarPage,
    ),
  },
  {
    path: routePaths.QRPropiedad,
    lazy: page(
      () => import('../features/property-settings/rooms/pages/qr-page.tsx'),
      (m) => m.QrPage,
    ),
  },
];
