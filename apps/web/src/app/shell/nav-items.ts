import type { User } from '@posada/contracts/users';
import { isHotelType } from '@posada/domain/property-types';
import { hasPremiumAccess } from '@posada/domain/subscription';
import {
  type Icon,
  IconAdjustments,
  IconBuildingStore,
  IconCalendarDollar,
  IconCalendarMonth,
  IconHome,
  IconHomePlus,
  IconId,
  IconInbox,
  IconListDetails,
  IconLogout,
  IconPhoneCall,
  IconPlugConnected,
  IconSettings,
  IconShieldCheck,
  IconSparkles,
  IconUserCog,
  IconUserStar,
  IconUsers,
} from '@tabler/icons-react';
import {
  builtRoutes,
  type ContractRouteName,
  type RouteTable,
  resolveRoutePath,
} from '../../config/contract-routes.ts';
import { scheduleCallUrl } from '../../config/support.ts';

/** What decides which menu items a user sees: role, plan, property type, screen size. */
export interface NavContext {
  userType: User['type'];
  /** The active property's type, else the account's (spec 3 tipo_hospedaje). */
  propertyType: string | null;
  plan: User['plan'];
  statusSubscription: User['status_subscription'];
  activePropertyId: string | null;
  isMobile: boolean;
}

export function navContextFor(user: User, isMobile: boolean): NavContext {
  const active = user.properties.find((p) => p.id === user.active_property_id) ?? null;
  return {
    userType: user.type,
    propertyType: active?.tipo_propiedad ?? user.tipo_hospedaje,
    plan: user.plan,
    statusSubscription: user.status_subscription,
    activePropertyId: active?.id ?? null,
    isMobile,
  };
}

interface BaseItem {
  key: string;
  /** Key in the shell namespace. */
  labelKey: string;
  icon: Icon;
  visible?: (ctx: NavContext) => boolean;
  /** Mirrored in right-to-left languages (arrows, exit doors). */
  mirrorInRtl?: boolean;
}

export interface RouteNavItem extends BaseItem {
  kind: 'route';
  route: ContractRouteName | ((ctx: NavContext) => ContractRouteName);
  params?: (ctx: NavContext) => Record<string, string>;
  /** Used when the route cannot be linked (its screen is not built, or a parameter is missing). */
  fallback?: ContractRouteName;
}

export interface ExternalNavItem extends BaseItem {
  kind: 'external';
  href: string;
}

export type NavItem = RouteNavItem | ExternalNavItem;

export interface ResolvedNavItem {
  key: string;
  labelKey: string;
  icon: Icon;
  href: string;
  external: boolean;
  route: ContractRouteName | null;
  mirrorInRtl: boolean;
}

const isHotel = (ctx: NavContext) => isHotelType(ctx.propertyType);
const isPremium = (ctx: NavContext) =>
  hasPremiumAccess({ plan: ctx.plan, status_subscription: ctx.statusSubscription });
const activeProperty = (ctx: NavContext): Record<string, string> =>
  ctx.activePropertyId ? { propertyId: ctx.activePropertyId } : {};

/** spec 2.3: hotels use the hotel calendar; apartments and villas the monthly one on mobile. */
const calendarRoute = (ctx: NavContext): ContractRouteName => {
  if (isHotel(ctx)) return 'hotelReservationCalendar';
  return ctx.isMobile ? 'monthlyCalendar' : 'ReservationCalendar';
};

const logoutItem: NavItem = {
  key: 'logout',
  kind: 'route',
  route: 'Logout',
  labelKey: 'nav.logout',
  icon: IconLogout,
  mirrorInRtl: true,
};

// Items of both the desktop sidebar and the mobile menu (the mobile one shortens two labels).
const homeItem: NavItem = {
  key: 'home',
  kind: 'route',
  route: 'Dashboard',
  labelKey: 'nav.home',
  icon: IconHome,
};
const reservationsItem: NavItem = {
  key: 'reservations',
  kind: 'route',
  route: 'Reservas',
  labelKey: 'nav.reservations',
  icon: IconListDetails,
};
const calendarItem: NavItem = {
  key: 'calendar',
  kind: 'route',
  route: calendarRoute,
  labelKey: 'nav.calendar',
  icon: IconCalendarMonth,
};
const checkinsItem: NavItem = {
  key: 'checkins',
  kind: 'route',
  route: 'Bookings',
  labelKey: 'nav.checkins',
  icon: IconId,
};
/** Issue 14: the police registrations (the legal record), under the check-ins. */
const registrationsItem: NavItem = {
  key: 'registrations',
  kind: 'route',
  route: 'registrations',
  labelKey: 'nav.registrations',
  icon: IconShieldCheck,
};
const channelsItem: NavItem = {
  key: 'channels',
  kind: 'route',
  route: 'ChannelConnect',
  labelKey: 'nav.channels',
  icon: IconPlugConnected,
};
const inboxItem: NavItem = {
  key: 'inbox',
  kind: 'route',
  route: 'messageChannelPage',
  labelKey: 'nav.inbox',
  icon: IconInbox,
};

const settingsItem: NavItem = {
  key: 'settings',
  kind: 'route',
  route: 'editionProperty',
  params: activeProperty,
  // Until a property is chosen, Configuración lists the properties.
  fallback: 'propertiesList',
  labelKey: 'nav.settings',
  icon: IconSettings,
};

/** spec 2.3 desktop sidebar of the Main layout. */
export const empresaSidebarItems: NavItem[] = [
  homeItem,
  reservationsItem,
  calendarItem,
  {
    key: 'availability',
    kind: 'route',
    route: 'availabilityPrices',
    labelKey: 'nav.availability',
    icon: IconCalendarDollar,
    visible: isHotel,
  },
  checkinsItem,
  registrationsItem,
  channelsItem,
  inboxItem,
  settingsItem,
  {
    key: 'experiences',
    kind: 'route',
    route: 'Servicios',
    labelKey: 'nav.experiences',
    icon: IconSparkles,
    visible: isPremium,
  },
  {
    key: 'scheduleCall',
    kind: 'external',
    href: scheduleCallUrl,
    labelKey: 'nav.scheduleCall',
    icon: IconPhoneCall,
  },
];

/** spec 2.3 mobile menu (under 768 px). */
export const empresaMobileItems: NavItem[] = [
  homeItem,
  reservationsItem,
  calendarItem,
  checkinsItem,
  { ...channelsItem, labelKey: 'nav.channelsMobile' },
  { ...inboxItem, labelKey: 'nav.inboxMobile' },
  {
    key: 'services',
    kind: 'route',
    route: 'Servicios',
    labelKey: 'nav.services',
    icon: IconBuildingStore,
    visible: isPremium,
  },
  // Not in spec 2.3's mobile list; added (issue 13) so a phone reaches the settings as the sidebar does.
  settingsItem,
  logoutItem,
];

/**
 * spec 2.3 admin sidebar: Home, Asesores, Usuarios, Cerrar sesión. The back office's other pages (prices,
 * payments, user management; issue 16) open from HomeManager's shortcuts.
 */
export const adminSidebarItems: NavItem[] = [
  { key: 'home', kind: 'route', route: 'HomeManager', labelKey: 'nav.home', icon: IconHome },
  { key: 'advisors', kind: 'route', route: 'advisorsPage', labelKey: 'nav.advisors', icon: IconUserStar },
  { key: 'users', kind: 'route', route: 'UsuariosManager', labelKey: 'nav.users', icon: IconUsers },
  logoutItem,
];

/** spec 2.3 navigation property dropdown: account config, property settings, add accommodation, logout. */
export const propertyMenuItems: NavItem[] = [
  { key: 'account', kind: 'route', route: 'configAccount', labelKey: 'nav.accountConfig', icon: IconUserCog },
  {
    key: 'propertySettings',
    kind: 'route',
    route: 'editionProperty',
    params: activeProperty,
    labelKey: 'nav.propertySettings',
    icon: IconAdjustments,
  },
  {
    key: 'addProperty',
    kind: 'route',
    route: 'createPropiedad',
    labelKey: 'nav.addProperty',
    icon: IconHomePlus,
  },
  logoutItem,
];

/**
 * The items a user sees: visibility rules first, then only routes whose screen exists
 * ("nothing links to a screen that does not exist yet").
 */
export function visibleNavItems(
  items: readonly NavItem[],
  ctx: NavContext,
  table: RouteTable = builtRoutes,
): ResolvedNavItem[] {
  const resolved: ResolvedNavItem[] = [];
  for (const item of items) {
    if (item.visible && !item.visible(ctx)) continue;
    const base = {
      key: item.key,
      labelKey: item.labelKey,
      icon: item.icon,
      mirrorInRtl: item.mirrorInRtl ?? false,
    };
    if (item.kind === 'external') {
      resolved.push({ ...base, href: item.href, external: true, route: null });
      continue;
    }
    const primary = typeof item.route === 'function' ? item.route(ctx) : item.route;
    const primaryHref = resolveRoutePath(primary, item.params?.(ctx), table);
    const route = primaryHref || !item.fallback ? primary : item.fallback;
    const href = primaryHref ?? (item.fallback ? resolveRoutePath(item.fallback, {}, table) : null);
    if (href) resolved.push({ ...base, href, external: false, route });
  }
  return resolved;
}
