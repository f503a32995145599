import { availabilityData, calculatedPrice } from '@posada/contracts/availability';
import { type Booking, bookingPaths, bookingSchema, bookingsPage } from '@posada/contracts/bookings';
import { propertyDetail, propertyPaths } from '@posada/contracts/properties';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { routePaths } from '../../../config/routes.ts';
import { anOperator } from '../../../test/fixtures.ts';
import { renderRoute } from '../../../test/render.tsx';
import { answer, server } from '../../../test/server.ts';

const operator = anOperator({ locale: 'en' });
const property = (() => {
  const first = operator.properties[0];
  if (!first) throw new Error('anOperator has a property');
  return first;
})();

/** A manual booking of the apartment, booked and not paid, as GET /api/bookings lists it. */
const emma: Booking = bookingSchema.parse({
  id: '7d0f0b8e-2c1a-4c55-9d2e-000000000001',
  code: 'PS-EN7K3Q',
  property_id: property.id,
  property_title: property.nombre,
  name: 'Emma Created',
  email: 'emma@example.com',
  phone: '612345678',
  start_date: '2027-09-10',
  end_date: '2027-09-13',
  nights: 3,
  number_of_guests: 2,
  status: 'booked',
  payment_status: 'pending',
  paused: false,
  channel: 'manual',
  external: false,
  external_ref: null,
  room_type_id: null,
  room_type_name: null,
  quantity: 1,
  rooms: [],
  currency: 'EUR',
  price: 21_600,
  promotions: [],
  taxes: [],
  subtotal: 21_600,
  total: 21_600,
  deposit: 0,
  notes: '',
  created_at: '2026-12-01T10:00:00.000Z',
  updated_at: '2026-12-01T10:00:00.000Z',
});

/** The API's bookings: the list, one booking, and each change answered with the booking changed. */
function bookingsApi() {
  let booking = emma;
  const change = (next: Partial<Booking>) => {
    booking = bookingSchema.parse({ ...booking, ...next });
    return answer(bookingSchema, booking);
  };
  server.use(
    http.get(bookingPaths.list, () =>
      answer(bookingsPage, { items: [booking], total: 1, page: 1, page_size: 25 }),
    ),
    http.get(bookingPaths.one(emma.id), () => answer(bookingSchema, booking)),
    http.put(bookingPaths.update(emma.id), async ({ request }) => {
      const body = (await request.json()) as { name: string; number_of_guests: number };
      return change({ name: body.name, number_of_guests: body.number_of_guests });
    }),
    http.put(bookingPaths.paused(emma.id), async ({ request }) =>
      change({ paused: ((await request.json()) as { paused: boolean }).paused }),
    ),
    http.put(bookingPaths.paymentStatus(emma.id), async ({ request }) =>
      change({ payment_status: ((await request.json()) as { payment_status: 'paid' }).payment_status }),
    ),
    http.post(bookingPaths.cancel, () => change({ status: 'cancelled' })),
    http.post(bookingPaths.availability, () =>
      answer(availabilityData, { available: true, available_instances: 1, reason: null, min_stay: null }),
    ),
    http.post(bookingPaths.calculatePrice, () =>
      answer(calculatedPrice, { total_price: 21_600, price_per_night: 7_200, currency: 'EUR', nights: [] }),
    ),
    http.get(propertyPaths.getProperty, () =>
      answer(propertyDetail, {
        ...property,
        internal_name: null,
        pais: 'ES',
        city: 'Salamanca',
        address: 'Calle del Prior 6',
        zip_code: '37002',
        bedrooms: 1,
        bathrooms: 1,
        services: [],
        price_night: 7_200,
        description: { es: '', en: '', ar: '' },
        active: true,
        policies: null,
        welcome: null,
        security_code: null,
        confirmation_channels: { whatsapp: true, email: true, sms: false },
        review_url: null,
        identity_verification: false,
        smart_lock: false,
        room_types: [],
        rooms: [],
        checkin_url: `http://localhost:3000/checkin/customers/previe/${property.id}/`,
        created_at: '2026-11-01T10:00:00.000Z',
      }),
    ),
  );
}

/**
 * jsdom lays nothing out: every box is 0×0, so Mantine's menus (floating-ui's hide middleware) take their
 * trigger for scrolled out of view and keep the dropdown at display: none. Here a menu's trigger is a small
 * box inside a 1024×768 screen, and everything else fills the screen.
 */
function layOutMenus() {
  const screenBox = { x: 0, y: 0, top: 0, left: 0, right: 1024, bottom: 768, width: 1024, height: 768 };
  const triggerBox = { x: 10, y: 10, top: 10, left: 10, right: 110, bottom: 30, width: 100, height: 20 };
  const original = Element.prototype.getBoundingClientRect;
  Element.prototype.getBoundingClientRect = function (this: Element) {
    const box = this.matches('[aria-haspopup="menu"]') ? triggerBox : screenBox;
    return { ...box, toJSON: () => box } as DOMRect;
  };
  // Boxes that clip (overflow: auto) measure their inside with clientWidth and clientHeight.
  const sizes = Object.fromEntries(
    (['clientWidth', 'clientHeight'] as const).map((key) => [
      key,
      Object.getOwnPropertyDescriptor(Element.prototype, key),
    ]),
  );
  Object.defineProperty(Element.prototype, 'clientWidth', { get: () => 1024, configurable: true });
  Object.defineProperty(Element.prototype, 'clientHeight', { get: () => 768, configurable: true });
  return () => {
    Element.prototype.getBoundingClientRect = original;
    for (const [key, descriptor] of Object.entries(sizes))
      if (descriptor) Object.defineProperty(Element.prototype, key, descriptor);
  };
}

describe('Reservas in English', () => {
  let restore: (() => void) | undefined;
  afterEach(() => restore?.());

  /** Reservas in English with the one booking; `action` picks an item of its row's menu. */
  async function openReservas() {
    restore = layOutMenus();
    bookingsApi();
    const view = await renderRoute(routePaths.Reservas, { user: operator, language: 'en' });
    const { user } = view;
    const action = async (item: string) => {
      await user.click(await screen.findByRole('button', { name: `Actions for reservation ${emma.code}` }));
      await user.click(await within(await screen.findByRole('menu')).findByRole('menuitem', { name: item }));
    };
    const row = (name: RegExp = /Emma/) => screen.getByRole('row', { name });
    return { ...view, action, row };
  }

  it('lists the booking and opens the new reservation in English', async () => {
    const { user } = await openReservas();
    expect(await screen.findByRole('heading', { name: 'Reservations' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    const row = await screen.findByRole('row', { name: /Emma Created/ });
    expect(row.textContent).toContain('Booked');
    expect(row.textContent).toContain('Payment pending');

    await user.click(screen.getAllByRole('button', { name: 'Create reservation' })[0] as HTMLElement);
    const create = await screen.findByRole('dialog', { name: 'New reservation' });
    expect(within(create).getByRole('button', { name: 'Arrival and departure' })).toBeTruthy();
    expect(within(create).getByLabelText(/^Full name/)).toBeTruthy();
    expect(within(create).getByLabelText(/^E-mail/)).toBeTruthy();
    expect(within(create).getByRole('textbox', { name: /^Phone/ })).toBeTruthy();
    expect(within(create).getByLabelText(/^Price of the stay/)).toBeTruthy();
    expect(within(create).getByRole('button', { name: 'Create reservation' })).toBeTruthy();
  });

  it('edits in English', async () => {
    const { user, action, row } = await openReservas();
    await action('Edit');
    const edit = await screen.findByRole('dialog', { name: 'Edit reservation' });
    const fullName = within(edit).getByLabelText(/^Full name/) as HTMLInputElement;
    await waitFor(() => expect(fullName.value).toBe('Emma Created'));
    await user.clear(fullName);
    await user.type(fullName, 'Emma Created Brown');
    // Typed over what is there, as a person selecting the number would.
    const guests = within(edit).getByLabelText(/^Guests/) as HTMLInputElement;
    await user.tripleClick(guests);
    await user.keyboard('3');
    await user.click(within(edit).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Reservation updated successfully')).toBeTruthy();
    await waitFor(() => expect(row(/Emma Created Brown/).textContent).toContain('3 guests'));
  });

  it('pauses and activates in English', async () => {
    const { action, row } = await openReservas();
    await action('Pause');
    expect(await screen.findByText('Reservation paused: no automatic check-in will be sent')).toBeTruthy();
    await waitFor(() => expect(within(row()).getByText('Paused')).toBeTruthy());
    await action('Activate');
    expect(await screen.findByText('Reservation activated: automatic check-in is sent again')).toBeTruthy();
    await waitFor(() => expect(within(row()).queryByText('Paused')).toBeNull());
  });

  it('marks the payment paid and pending in English', async () => {
    const { action, row } = await openReservas();
    await action('Mark as paid');
    expect(await screen.findByText('Payment marked as paid')).toBeTruthy();
    await waitFor(() => expect(within(row()).getByText('Paid', { exact: true })).toBeTruthy());
    await action('Mark payment pending');
    expect(await screen.findByText('Payment marked as pending')).toBeTruthy();
    await waitFor(() => expect(within(row()).getByText('Payment pending')).toBeTruthy());
  });

  it('cancels after confirmation in English', async () => {
    const { user, action, row } = await openReservas();
    await action('Cancel reservation');
    const confirm = await screen.findByRole('dialog', { name: `Cancel reservation ${emma.code}?` });
    expect(confirm.textContent).toContain('This cannot be undone.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel reservation' }));
    expect(await screen.findByText('Reservation cancelled', { exact: true })).toBeTruthy();
    await waitFor(() => expect(row().textContent).toContain('Cancelled'));
  });
});
