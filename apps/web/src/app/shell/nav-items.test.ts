import { describe, expect, it } from 'vitest';
import type { RouteTable } from '../../config/contract-routes.ts';
import { routePaths } from '../../config/routes.ts';
import {
  adminSidebarItems,
  empresaMobileItems,
  empresaSidebarItems,
  type NavContext,
  propertyMenuItems,
  visibleNavItems,
} from './nav-items.ts';

const apartment: NavContext = {
  userType: 'empresa',
  propertyType: 'apartamento',
  plan: 'smart',
  statusSubscription: 'subscribed',
  activePropertyId: '7f1d2c3b-0000-4000-8000-000000000001',
  isMobile: false,
};
const hotelTrial: NavContext = {
  ...apartment,
  propertyType: 'hotel',
  plan: null,
  statusSubscription: 'demo',
};

/** Every screen of the sidebar and menus built, as they will be once their issues land. */
const allBuilt: RouteTable = {
  ...routePaths,
  Reservas: '/business/reservas',
  ReservationCalendar: '/calendar/bookings',
  monthlyCalendar: '/calendar-monthly/bookings',
  hotelReservationCalendar: '/hotel-calendar/bookings',
  availabilityPrices: '/business/availability-prices',
  Bookings: '/business/checkin-management',
  ChannelConnect: '/channel-connect',
  messageChannelPage: '/business/messages-channel',
  editionProperty: '/business/properties/edition/:propertyId',
  Servicios: '/business/service',
  configAccount: '/business/profile/config-account',
  createPropiedad: '/business/create/properties',
};

const keys = (items: { key: string }[]) => items.map((i) => i.key);

describe('sidebar items by role, plan and property type', () => {
  it('gives hotels the availability and rates item, and the hotel calendar', () => {
    const items = visibleNavItems(empresaSidebarItems, hotelTrial, allBuilt);
    expect(keys(items)).toContain('availability');
    expect(items.find((i) => i.key === 'calendar')?.route).toBe('hotelReservationCalendar');
  });

  it('hides availability and rates from apartments and villas', () => {
    for (const propertyType of ['apartamento', 'villa']) {
      const items = visibleNavItems(empresaSidebarItems, { ...apartment, propertyType }, allBuilt);
      expect(keys(items)).not.toContain('availability');
      expect(items.find((i) => i.key === 'calendar')?.route).toBe('ReservationCalendar');
    }
  });

  it('shows Experiencias only with premium access', () => {
    expect(keys(visibleNavItems(empresaSidebarItems, apartment, allBuilt))).toContain('experiences');
    expect(keys(visibleNavItems(empresaSidebarItems, hotelTrial, allBuilt))).not.toContain('experiences');
    const standard = { ...apartment, plan: 'standard' };
    expect(keys(visibleNavItems(empresaSidebarItems, standard, allBuilt))).not.toContain('experiences');
    const expiredSmart = { ...apartment, statusSubscription: 'demo_expired' as const };
    expect(keys(visibleNavItems(empresaSidebarItems, expiredSmart, allBuilt))).not.toContain('experiences');
  });

  it('fills the active property into settings links, and lists the properties without one', () => {
    const items = visibleNavItems(empresaSidebarItems, apartment, allBuilt);
    expect(items.find((i) => i.key === 'settings')?.href).toBe(
      `/business/properties/edition/${apartment.activePropertyId}`,
    );
    const none = visibleNavItems(empresaSidebarItems, { ...apartment, activePropertyId: null }, allBuilt);
    expect(none.find((i) => i.key === 'settings')?.href).toBe(routePaths.propertiesList);
    const { propertiesList: _, ...withoutList } = allBuilt;
    const neither = visibleNavItems(
      empresaSidebarItems,
      { ...apartment, activePropertyId: null },
      withoutList,
    );
    expect(keys(neither)).not.toContain('settings');
  });

  it('keeps the schedule-a-call link external', () => {
    const call = visibleNavItems(empresaSidebarItems, apartment, allBuilt).find(
      (i) => i.key === 'scheduleCall',
    );
    expect(call?.external).toBe(true);
    expect(call?.href).toMatch(/^https:\/\//);
  });
});

describe('only built screens are linked', () => {
  it('shows today Home, Reservas, the calendar, availability, Check-ins, Canales de reserva, Configuración (the active property settings) and the external link in the sidebar', () => {
    const items = visibleNavItems(empresaSidebarItems, hotelTrial);
    expect(keys(items)).toEqual([
      'home',
      'reservations',
      'calendar',
      'availability',
      'checkins',
      'registrations',
      'channels',
      'inbox',
      'settings',
      'scheduleCall',
    ]);
    expect(items[0]?.href).toBe(routePaths.Dashboard);
    expect(items[2]?.href).toBe(routePaths.hotelReservationCalendar);
    expect(items[3]?.href).toBe(routePaths.availabilityPrices);
    expect(items[4]?.href).toBe(routePaths.Bookings);
    expect(items[5]?.href).toBe(routePaths.registrations);
    expect(items[6]?.href).toBe(routePaths.ChannelConnect);
    expect(items[7]?.href).toBe(routePaths.messageChannelPage);
    expect(items[8]?.href).toBe(`/business/properties/edition/${hotelTrial.activePropertyId}`);
    const none = visibleNavItems(empresaSidebarItems, { ...hotelTrial, activePropertyId: null });
    expect(none[8]?.href).toBe(routePaths.propertiesList);
  });

  it('hides an item whose route is missing even when its rules allow it', () => {
    const { availabilityPrices: _, ...withoutAvailability } = allBuilt;
    expect(keys(visibleNavItems(empresaSidebarItems, hotelTrial, withoutAvailability))).not.toContain(
      'availability',
    );
  });

  it('gives the property dropdown account settings, property settings, add accommodation and logout, the mobile menu to home, Reservas, the calendar, Check-ins, Canales, Bandeja, Servicios (premium), Configuración and logout', () => {
    expect(keys(visibleNavItems(propertyMenuItems, apartment))).toEqual([
      'account',
      'propertySettings',
      'addProperty',
      'logout',
    ]);
    expect(visibleNavItems(propertyMenuItems, apartment)[1]?.href).toBe(
      `/business/properties/edition/${apartment.activePropertyId}`,
    );
    const mobile = visibleNavItems(empresaMobileItems, { ...apartment, isMobile: true });
    expect(keys(mobile)).toEqual([
      'home',
      'reservations',
      'calendar',
      'checkins',
      'channels',
      'inbox',
      'services',
      'settings',
      'logout',
    ]);
    expect(mobile[2]?.href).toBe(routePaths.monthlyCalendar);
    expect(mobile[4]?.href).toBe(routePaths.ChannelConnect);
    expect(mobile[5]?.href).toBe(routePaths.messageChannelPage);
    expect(mobile[6]?.href).toBe(routePaths.Servicios);
    expect(mobile[7]?.href).toBe(`/business/properties/edition/${apartment.activePropertyId}`);
  });

  it('uses the monthly calendar on mobile for apartments', () => {
    const items = visibleNavItems(empresaMobileItems, { ...apartment, isMobile: true }, allBuilt);
    expect(items.find((i) => i.key === 'calendar')?.route).toBe('monthlyCalendar');
    expect(keys(items)).toEqual([
      'home',
      'reservations',
      'calendar',
      'checkins',
      'channels',
      'inbox',
      'services',
      'settings',
      'logout',
    ]);
  });

  it('gives admins Home, Asesores, Usuarios and Cerrar sesión', () => {
    const admin: NavContext = { ...apartment, userType: 'admin', propertyType: null, activePropertyId: null };
    const items = visibleNavItems(adminSidebarItems, admin);
    expect(keys(items)).toEqual(['home', 'advisors', 'users', 'logout']);
    expect(items.map((i) => i.href)).toEqual([
      routePaths.HomeManager,
      routePaths.advisorsPage,
      routePaths.UsuariosManager,
      routePaths.Logout,
    ]);
  });
});
