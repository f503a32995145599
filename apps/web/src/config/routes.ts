/**
 * One typed table: each contract name of spec 2.1 → its path in spec 2.2.
 * A route is added here when its screen is built; navigation uses these names, never literal paths.
 */
export const routePaths = {
  // Public (spec 2.2)
  Login: '/',
  Register: '/register',
  Reset: '/reset',
  confirmacionReset: '/recuperar/:token',
  Confirmar: '/verific/token/account/:token',
  /** Issue 27: the e-mailed sign-in link, the way in for an owner whose address is throttled. */
  signInLink: '/entrar/:token',
  socialCallback: '/auth/:provider/callback',
  Logout: '/logout',
  /** Login's legacy_redirect target: hands token and user to the legacy application. */
  legacyBridge: '/legacy-bridge',
  /** Where Stripe Checkout sends a guest back after a payment link (public). */
  payResult: '/pay/result',
  // Business area (role empresa)
  Dashboard: '/business/dashboard',
  /** spec 2.2 scheduled-checkins: the reservations list. */
  Reservas: '/business/scheduled-checkins',
  /** spec 2.2 scheduled-checkins/{userId}/{relationId}/booking: one reservation (relationId = booking id). */
  reservationBooking: '/business/scheduled-checkins/:userId/:relationId/booking',
  /** spec 2.2 scheduled-checkins/import: bookings from a template file (XLSX or CSV). */
  importBookings: '/business/scheduled-checkins/import',
  /** spec 2.2 checkin-management: the check-in list (Bookings) and its history. */
  Bookings: '/business/checkin-management',
  /** Issue 14: the police registrations, the legal record kept 3 years (filters, CSV, Mossos day files). */
  registrations: '/business/checkin-management/registrations',
  /** spec 2.2 scheduled-checkins/bell (no spec 2.1 name): reminders. */
  remindersBell: '/business/scheduled-checkins/bell',
  /** spec 2.2 notificaciones: every notification of the bell, with filters (issue 17). */
  notificaciones: '/business/notificaciones',
  /** spec 2.1 messageChannelPage, 2.2 messages-channel: the unified inbox (issue 17). */
  messageChannelPage: '/business/messages-channel',
  // Check-in forms (spec 2.2, Minimal layout: the close button goes to Bookings or Reservas)
  checkinManual: '/business/checkin/service/manager/system',
  checkinPrevie: '/business/checkin/service/previe/system',
  checkinPrevieLink: '/business/checkin/service/previe/link/system',
  /** The accommodation list with each property's check-in QR (spec 2.2 properties). */
  propertiesList: '/business/properties',
  /** spec 2.2 /prueba/website: the operator's preview of the direct-booking website (behind the login). */
  previewWebsite: '/prueba/website',
  /** Property creation wizard: the first property (also the root for a user with none), and any other. */
  firstCreatePropiedad: '/create/properties',
  createPropiedad: '/business/create/properties',
  /** spec 2.2 whatsapp-mass-communication (no spec 2.1 name): mass messages to guests (issue 17). */
  massCommunication: '/business/whatsapp-mass-communication',
  // The experiences store (issue 18, docs/experiences.md; premium access only, spec 6)
  /** spec 2.2 service: the services list (the sidebar's Experiencias); `?service_id=` opens that service's form. */
  Servicios: '/business/service',
  /** spec 2.2 upselling/: the offers, where the service forms close to (spec 2.3). */
  Ofertas: '/business/upselling',
  /** spec 2.4 service requests list. */
  serviceRequests: '/business/upselling/requests',
  /** spec 2.4 accommodation list (with QR): each property's store link and QR, and its upselling moments. */
  upsellingAccommodations: '/business/upselling/accommodations',
  /** spec 2.2 upselling/providers. */
  upsellingProviders: '/business/upselling/providers',
  /** spec 2.2 upselling/reports. */
  upsellingReports: '/business/upselling/reports',
  /** spec 2.2 /config_properties_notifications/{id}/properties: when a property offers its services. */
  upsellingConfig: '/business/config_properties_notifications/:id/properties',
  /** spec 2.2 create/services and update/{id}/service (Minimal layout, closing to Ofertas). */
  createServicio: '/business/create/services',
  updateServicio: '/business/update/:id/service',
  // Calendars (spec 2.2: at the root, Minimal layout closing to Dashboard) and availability (hotels only)
  ReservationCalendar: '/calendar/bookings',
  monthlyCalendar: '/calendar-monthly/bookings',
  hotelReservationCalendar: '/hotel-calendar/bookings',
  availabilityPrices: '/business/availability-prices',
  // Booking channels (issue 15; spec 2.2 /channel-connect): the channels and connections, one channel's steps
  ChannelConnect: '/business/channel-connect',
  ChannelConnectOta: '/business/channel-connect/:channel',
  /** The calendar coloured by source, with a filter by channel (Minimal layout, as the other calendars). */
  ReservationCalendarOta: '/business/channel-connect/calendar',
  // Property settings (spec 2.2 properties/edition/{propiedad_id} and its children)
  editionProperty: '/business/properties/edition/:propertyId',
  dataBasicAccommodation: '/business/properties/edition/:propertyId/data-basic-accommodation',
  nameProperty: '/business/properties/edition/:propertyId/name-property',
  locationProperty: '/business/properties/edition/:propertyId/location-property',
  serviceProperty: '/business/properties/edition/:propertyId/services-property',
  capacityProperty: '/business/properties/edition/:propertyId/capacity-property',
  priceProperty: '/business/properties/edition/:propertyId/price-property',
  descriptionProperty: '/business/properties/edition/:propertyId/description-property',
  accommodationPolicies: '/business/properties/edition/:propertyId/accommodation-policies',
  welcomeAccommodation: '/business/properties/edition/:propertyId/welcome-accommodation',
  regionAccommodation: '/business/properties/edition/:propertyId/region-accommodation',
  SeguridadPropiedad: '/business/properties/edition/:propertyId/seguridad-property',
  Notifications: '/business/properties/edition/:propertyId/notifications',
  Review: '/business/properties/edition/:propertyId/guest-reviews',
  identityVerification: '/business/properties/edition/:propertyId/identity-verification',
  pageManageChatBot: '/business/properties/edition/:propertyId/page-chat-bot-ia',
  /** spec 2.2 accommodation/manage-chat-bot-ia: the questions-and-answers editor with its phone preview (issue 19). */
  manageChatBot: '/business/accommodation/manage-chat-bot-ia',
  Authorities: '/business/properties/edition/:propertyId/authorities',
  /** spec 2.2 cross-selling-property (no spec 2.1 name): the experience store. */
  crossSellingProperty: '/business/properties/edition/:propertyId/cross-selling-property',
  /** spec 2.2 smart-locks (no spec 2.1 name). */
  smartLocks: '/business/properties/edition/:propertyId/smart-locks',
  /** spec 2.2 checkin-programming (no spec 2.1 name): when check-in links are sent. */
  checkinProgramming: '/business/properties/edition/:propertyId/checkin-programming',
  roomTypes: '/business/properties/edition/:propertyId/room-types',
  roomManagement: '/business/properties/edition/:propertyId/room-management',
  /** Habitaciones: the same room list as roomManagement (spec 2.1 names both). */
  Habitaciones: '/business/properties/edition/:propertyId/rooms',
  /** Room states (spec 4): put rooms in maintenance, cleaning, … */
  maintenance: '/business/properties/edition/:propertyId/maintenance',
  Rates: '/business/properties/edition/:propertyId/rates',
  ImageAccommodation: '/business/properties/edition/:propertyId/image-settings',
  QRPropiedad: '/business/properties/edition/:propertyId/qr-property',
  /** spec 2.2 sync-calendar: the property's channel connections and its own export feed. */
  syncCalendar: '/business/properties/edition/:propertyId/sync-calendar',
  // The account's own pages (spec 2.2 profile and its children config-account, config-language, secure-sesion)
  profile: '/business/profile',
  configAccount: '/business/profile/config-account',
  configLanguage: '/business/profile/config-language',
  secureSesion: '/business/profile/secure-sesion',
  integrations: '/business/profile/integrations',
  /** spec 2.2 profile/payments: the operator's payments account (card payment provider, Stripe Connect). */
  profilePayments: '/business/profile/payments',
  /** spec 2.2 profile/connection-channel: the account's channel connections and their health. */
  connectionChannel: '/business/profile/connection-channel',
  /** spec 2.2 profile/billing: the account's billing data (who the platform's invoices are made out to). */
  billing: '/business/profile/billing',
  /** spec 2.2 profile/account-invoices: the platform's invoices to the account. */
  accountInvoices: '/business/profile/account-invoices',
  /** spec 2.2 profile/account-waba: the WhatsApp business connection, its templates and quick replies (issue 17). */
  accountWaba: '/business/profile/account-waba',
  /** spec 2.2 profile/waba-integration: choose the own number (Embedded Signup) or the shared number. */
  wabaIntegration: '/business/profile/waba-integration',
  /** spec 2.2 waba_integration: the same choice outside the profile (links from the inbox and mass messages). */
  wabaIntegrationPage: '/business/waba_integration',
  /** spec 2.2 waba_integration/embedded-signup: where Meta's dialog returns with its code (the API's redirect_uri). */
  wabaEmbeddedSignup: '/business/waba_integration/embedded-signup',
  // The operator's subscription (spec 2.2 invoices and its children; issue 16)
  invoices: '/business/invoices',
  pageSubscription: '/business/invoices/select/suscriptions',
  updateSubscription: '/business/invoices/manage/update-suscription',
  invoiceList: '/business/invoices/invoicelist',
  /** spec 2.2 /iframe/invoices and its child: the same screens without chrome, for embedding. */
  iframeInvoices: '/iframe/invoices',
  iframeSubscription: '/iframe/select/suscriptions',
  // Admin area (role admin)
  /** The admin's own security: two-factor enrolment, required before any other admin screen. */
  adminSecurity: '/manager/secure-sesion',
  HomeManager: '/manager/home',
  advisorsPage: '/manager/advisors',
  UsuariosManager: '/manager/users',
  /** Issue 16: the price list and coupons, subscription payments, account changes with a reason. */
  adminPrices: '/manager/prices',
  adminPayments: '/manager/payments',
  adminUserManagement: '/manager/user_management',
  /** Issue 26: guests' messages on the shared numbers that no account knows, to assign to an account. */
  adminUnroutedMessages: '/manager/unrouted-messages',
  /**
   * spec 2.2 accommodation-{accommodation_id}-manager-user-{user_id}-information: one path segment that
   * React Router cannot split, so `information` is the whole segment (features/admin/lib/information-path.ts).
   */
  adminUserInformation: '/manager/:information',
  adminUserCheckins: '/manager/:information/retrive-checkins',
  adminUserCheckinsPending: '/manager/:information/retrive-checkins-pending',
} as const;

export type RouteName = keyof typeof routePaths;

type ParamNames<P extends string> = P extends `${string}:${infer Param}/${infer Rest}`
  ? Param | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Param}`
    ? Param
    : never;

export type RouteParams<N extends RouteName> =
  ParamNames<(typeof routePaths)[N]> extends never
    ? undefined
    : Record<ParamNames<(typeof routePaths)[N]>, string>;

/** The path of a named route with its parameters filled in. */
export function pathTo<N extends RouteName>(
  name: N,
  ...args: RouteParams<N> extends undefined
    ? [params?: undefined, query?: Record<string, string>]
    : [params: RouteParams<N>, query?: Record<string, string>]
): string {
  const [params, query] = args;
  let path: string = routePaths[name];
  for (const [key, value] of Object.entries((params ?? {}) as Record<string, string>)) {
    path = path.replace(`:${key}`, encodeURIComponent(value));
  }
  const search = query ? `?${new URLSearchParams(query).toString()}` : '';
  return `${path}${search}`;
}
