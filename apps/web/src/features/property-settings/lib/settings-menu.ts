import { type SettingsSection, settingsSectionGate } from '@posada/contracts/property-settings';
import { paidExtras } from '@posada/domain/feature-gates';
import { isHotelType } from '@posada/domain/property-types';
import { type ContractRouteName, isBuiltRoute, type RouteTable } from '../../../config/contract-routes.ts';

export type SettingsGroupKey = 'accommodation' | 'rooms' | 'guests' | 'extras';

/**
 * The settings pages that are not a settings section (they have their own API: rooms, rates, images, QR;
 * the chatbot's questions-and-answers editor, a screen of its own linked from the extras).
 */
export const roomPageKeys = [
  'room-types',
  'room-management',
  'rooms',
  'maintenance',
  'rates',
  'image-settings',
  'qr-property',
  'sync-calendar',
  'manage-chat-bot-ia',
] as const;
export type RoomPageKey = (typeof roomPageKeys)[number];

/** A settings menu entry: a contract section, or one of the pages above (spec 2.2 path segment). */
export type SettingsPageKey = SettingsSection | RoomPageKey;

export interface SettingsMenuItem {
  /** The settings section the page saves (contract key = spec path segment), or a room page key. */
  section: SettingsPageKey;
  route: ContractRouteName;
  /** Shown only for some property types (hotels take their capacity from room types). */
  visible?: (ctx: SettingsMenuContext) => boolean;
}

export interface SettingsMenuGroup {
  key: SettingsGroupKey;
  items: SettingsMenuItem[];
}

/**
 * spec 6: chatbot, smart locks, identity verification and reviews are paid extras (an add-on of the
 * subscription). Other gated pages (store, authorities, check-in programming) come with the plan.
 */
export function isPaidExtra(section: SettingsPageKey): boolean {
  const gate = settingsSectionGate[section as SettingsSection];
  return gate !== undefined && paidExtras.includes(gate);
}

export interface SettingsMenuContext {
  tipoPropiedad: string | null;
}

const notHotel = (ctx: SettingsMenuContext) => !isHotelType(ctx.tipoPropiedad);
const hotelOnly = (ctx: SettingsMenuContext) => isHotelType(ctx.tipoPropiedad);

/** The settings home: every settings page, grouped the way an operator thinks about them. */
export const settingsMenu: SettingsMenuGroup[] = [
  {
    key: 'accommodation',
    items: [
      { section: 'data-basic-accommodation', route: 'dataBasicAccommodation' },
      { section: 'name-property', route: 'nameProperty' },
      { section: 'location-property', route: 'locationProperty' },
      { section: 'services-property', route: 'serviceProperty' },
      { section: 'capacity-property', route: 'capacityProperty', visible: notHotel },
      { section: 'price-property', route: 'priceProperty' },
      { section: 'description-property', route: 'descriptionProperty' },
      { section: 'image-settings', route: 'ImageAccommodation' },
      { section: 'sync-calendar', route: 'syncCalendar' },
    ],
  },
  {
    key: 'rooms',
    items: [
      { section: 'room-types', route: 'roomTypes', visible: hotelOnly },
      { section: 'room-management', route: 'roomManagement', visible: hotelOnly },
      { section: 'maintenance', route: 'maintenance', visible: hotelOnly },
      { section: 'rates', route: 'Rates', visible: hotelOnly },
    ],
  },
  {
    key: 'guests',
    items: [
      { section: 'accommodation-policies', route: 'accommodationPolicies' },
      { section: 'welcome-accommodation', route: 'welcomeAccommodation' },
      { section: 'seguridad-property', route: 'SeguridadPropiedad' },
      { section: 'checkin-programming', route: 'checkinProgramming' },
      { section: 'notifications', route: 'Notifications' },
      { section: 'authorities', route: 'Authorities' },
      { section: 'region-accommodation', route: 'regionAccommodation' },
      { section: 'qr-property', route: 'QRPropiedad' },
    ],
  },
  {
    // The experience store comes with the plan; the other extras are paid add-ons (marked per item).
    key: 'extras',
    items: [
      { section: 'cross-selling-property', route: 'crossSellingProperty' },
      { section: 'smart-locks', route: 'smartLocks' },
      { section: 'guest-reviews', route: 'Review' },
      { section: 'identity-verification', route: 'identityVerification' },
      { section: 'page-chat-bot-ia', route: 'pageManageChatBot' },
      { section: 'manage-chat-bot-ia', route: 'manageChatBot' },
    ],
  },
];

/** The groups and pages a property shows: only pages whose screen exists, empty groups dropped. */
export function visibleSettingsMenu(
  ctx: SettingsMenuContext,
  table?: RouteTable,
  menu: readonly SettingsMenuGroup[] = settingsMenu,
): SettingsMenuGroup[] {
  return menu
    .map((group) => ({
      ...group,
      items: group.items.filter(
        (item) => isBuiltRoute(item.route, table) && (!item.visible || item.visible(ctx)),
      ),
    }))
    .filter((group) => group.items.length > 0);
}

/** The menu item of a section (for the page title and the back link). */
export function settingsMenuItem(section: SettingsPageKey): SettingsMenuItem | undefined {
  return settingsMenu.flatMap((g) => g.items).find((item) => item.section === section);
}
