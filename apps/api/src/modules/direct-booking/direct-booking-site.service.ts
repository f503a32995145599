import type {
  CalculatePriceBody,
  PriceQuote,
  PublicAvailability,
  PublicProperty,
  PublicSite,
  WebBookingAnswer,
  WebBookingBody,
} from '@posada/contracts/direct-booking';
import { addDays, nightsBetween } from '@posada/domain/booking-rules';
import { discountAmount } from '@posada/domain/direct-booking';
import { isHotelType } from '@posada/domain/property-types';
import { todayIn } from '@posada/domain/zoned-time';
import type { FastifyBaseLogger } from 'fastify';
import type { LocalizedColumn } from '../../db/schema/properties.ts';
import { translate } from '../../i18n/messages.ts';
import { isUuid } from '../../lib/sql.ts';
import type { Tenant } from '../../lib/tenant.ts';
import { bookingsErrors } from '../bookings/bookings.errors.ts';
import type { BookingsService } from '../bookings/bookings.service.ts';
import type { Deliver } from '../delivery/delivery.types.ts';
import { fileUrl } from '../files/files.service.ts';
import { sendWebBookingConfirmation, webBookingConfirmation } from './direct-booking.emails.ts';
import { directBookingErrors } from './direct-booking.errors.ts';
import type { WebPropertyRow, WebRoomTypeRow } from './direct-booking.repo.ts';
import {
  type AccountRow,
  type DirectBookingSettingsDeps,
  discountOf,
  paymentTypeOf,
  planActive,
} from './direct-booking.service.ts';
import {
  createDirectBookingPaymentsService,
  type DirectBookingPayments,
} from './direct-booking-payments.service.ts';

type Lang = 'es' | 'en' | 'ar';

/** How far ahead "price from" looks, and the longest calendar range the website may ask for. */
const PRICE_FROM_NIGHTS = 90;
export const MAX_CALENDAR_NIGHTS = 400;

export interface DirectBookingSiteDeps extends DirectBookingSettingsDeps {
  bookings: Pick<
    BookingsService,
    'availability' | 'calculatePrice' | 'nightCalendar' | 'create' | 'get' | 'settleWebPayment'
  >;
  /** The delivery pipeline (bound late): the guest's confirmation goes through it. */
  deliver: () => Deliver | null;
  logger: FastifyBaseLogger;
  /** The payments engine (issue 16): online payment in advance; null or absent: paid on arrival. */
  payments?: DirectBookingPayments | null;
}

/** What a web request acts as: the site's account. No user: nothing on these paths reads one. */
const siteTenant = (account: AccountRow): Tenant => ({ accountId: account.id, userId: '' });

const inLanguage = (value: LocalizedColumn | null, lang: Lang) =>
  value ? (value[lang]?.trim() ? value[lang] : (value.es ?? '')) : '';

/** A sold unit's capacity: the property's guests, or one room of the type (adults and children). */
const capacityOf = (property: WebPropertyRow, type: WebRoomTypeRow | null) =>
  type ? type.adults + type.children : property.guests;

export type DirectBookingSiteService = ReturnType<typeof createDirectBookingSiteService>;

/**
 * The direct-booking website (issue 15; docs/channels.md): the public site of an account at /book/{slug},
 * its calendar, quotes and web bookings, and the operator's quote with the web discount. A unit sells on the
 * website when the account's web booking is on, its plan is active (spec 6) and the unit's own
 * web_reservation_active is on. Everything is read and written as the slug's account, never another.
 */
export function createDirectBookingSiteService(deps: DirectBookingSiteDeps) {
  const { repo } = deps;
  const online = createDirectBookingPaymentsService(deps);

  /** The account behind a slug whose website is open; 404 otherwise (unknown, off, or no plan). */
  async function openSite(slug: string): Promise<AccountRow> {
    const account = await deps.accounts.findAccountBySlug(slug.toLowerCase());
    if (!account?.enableWebReservations || !planActive(account, deps.clock.now())) {
      throw directBookingErrors.siteNotFound();
    }
    return account;
  }

  /** The account's property and room type as sold on the website; 404 for anything not on sale. */
  async function soldUnit(
    account: AccountRow,
    propertyId: string,
    roomTypeId: string | null | undefined,
  ): Promise<{ property: WebPropertyRow; type: WebRoomTypeRow | null }> {
    const property = isUuid(propertyId) ? await repo.findProperty(account.id, propertyId) : null;
    if (!property?.active) throw directBookingErrors.propertyNotFound();
    if (!isHotelType(property.tipoPropiedad)) {
      if (!property.webReservationActive) throw directBookingErrors.propertyNotFound();
      if (roomTypeId) throw directBookingErrors.roomTypeNotFound();
      return { property, type: null };
    }
    const types = (await repo.listRoomTypes(account.id, [property.id])).filter((t) => t.webReservationActive);
    if (types.length === 0) throw directBookingErrors.propertyNotFound();
    if (!roomTypeId) throw directBookingErrors.roomTypeRequired();
    const type = types.find((t) => t.id === roomTypeId);
    if (!type) throw directBookingErrors.roomTypeNotFound();
    return { property, type };
  }

  /** The quote of a stay with the account's web discount (spec 5, 7, 9). */
  async function quote(
    account: AccountRow,
    property: WebPropertyRow,
    type: WebRoomTypeRow | null,
    body: CalculatePriceBody,
  ): Promise<PriceQuote> {
    const tenant = siteTenant(account);
    const stay = {
      property_id: property.id,
      start_date: body.start_date,
      end_date: body.end_date,
      room_type_id: type?.id ?? body.room_type_id ?? null,
    };
    const [availability, price] = await Promise.all([
      deps.bookings.availability(tenant, stay),
      deps.bookings.calculatePrice(tenant, { ...stay, quantity: 1 }),
    ]);
    const nights = nightsBetween(body.start_date, body.end_date);
    const subtotal = price.total_price;
    const discount = discountAmount(subtotal, discountOf(account));
    const total = subtotal - discount;
    let unavailable: string | null = availability.reason;
    if (body.start_date < todayIn(property.timeZone, deps.clock.now())) unavailable = 'arrival_past';
    else if (!unavailable && body.guests !== undefined && body.guests > capacityOf(property, type)) {
      unavailable = 'guests_max';
    } else if (!unavailable && subtotal <= 0) unavailable = 'no_price';
    return {
      total_price: total,
      price_per_night: nights > 0 ? Math.round(total / nights) : 0,
      currency: price.currency,
      nights,
      subtotal,
      discount,
      unavailable,
      min_stay: availability.min_stay ?? 1,
    };
  }

  /** The lowest price of a night in the next months, or null when no price is set. */
  async function priceFrom(account: AccountRow, property: WebPropertyRow, roomTypeId: string | null) {
    const today = todayIn(property.timeZone, deps.clock.now());
    const priced = await deps.bookings.calculatePrice(siteTenant(account), {
      property_id: property.id,
      room_type_id: roomTypeId,
      start_date: today,
      end_date: addDays(today, PRICE_FROM_NIGHTS),
      quantity: 1,
    });
    const prices = priced.nights.map((n) => n.price).filter((p) => p > 0);
    return prices.length > 0 ? Math.min(...prices) : null;
  }

  async function publicProperty(
    account: AccountRow,
    property: WebPropertyRow,
    types: WebRoomTypeRow[],
    photos: string[],
    lang: Lang,
  ): Promise<PublicProperty> {
    const roomTypes = await Promise.all(
      types.map(async (t) => ({
        id: t.id,
        name: t.name,
        capacity: t.adults + t.children,
        price_from: await priceFrom(account, property, t.id),
      })),
    );
    const typePrices = roomTypes.flatMap((t) => (t.price_from === null ? [] : [t.price_from]));
    const hotel = isHotelType(property.tipoPropiedad);
    return {
      id: property.id,
      name: property.nombre,
      type: property.tipoPropiedad,
      city: property.city,
      address: property.address,
      description: inLanguage(property.description, lang),
      photos: photos.map(fileUrl),
      services: property.services,
      policies: inLanguage(property.policies, lang),
      checkin_time: property.checkinTime,
      checkout_time: property.checkoutTime,
      guests: hotel ? Math.max(0, ...roomTypes.map((t) => t.capacity)) : property.guests,
      bedrooms: property.bedrooms,
      bathrooms: property.bathrooms,
      currency: property.currency,
      price_from: hotel
        ? typePrices.length > 0
          ? Math.min(...typePrices)
          : null
        : await priceFrom(account, property, null),
      room_types: roomTypes,
    };
  }

  /** The operator's quote of any of its properties, with the web discount (the website preview). */
  async function operatorQuote(tenant: Tenant, body: CalculatePriceBody): Promise<PriceQuote> {
    const account = await deps.accounts.findAccount(tenant.accountId);
    const property =
      account && isUuid(body.property_id) ? await repo.findProperty(account.id, body.property_id) : null;
    if (!account || !property) throw directBookingErrors.propertyNotFound();
    let type: WebRoomTypeRow | null = null;
    if (body.room_type_id) {
      type =
        (await repo.listRoomTypes(account.id, [property.id])).find((t) => t.id === body.room_type_id) ?? null;
      if (!type) throw directBookingErrors.roomTypeNotFound();
    }
    return quote(account, property, type, body);
  }

  return {
    operatorQuote,
    /** The online payment of web bookings (issue 16): its status page and the payment's outcome. */
    payments: online,

    /** GET /api/public/book/{slug}?lang=: the units on sale, in the asked language (es when missing). */
    async site(slug: string, lang: Lang): Promise<PublicSite> {
      const account = await openSite(slug);
      const all = (await repo.listProperties(account.id)).filter((p) => p.active);
      const types = (
        await repo.listRoomTypes(
          account.id,
          all.map((p) => p.id),
        )
      ).filter((t) => t.webReservationActive);
      const sold = all.filter((p) =>
        isHotelType(p.tipoPropiedad) ? types.some((t) => t.propertyId === p.id) : p.webReservationActive,
      );
      const photos = await repo.photoNames(
        account.id,
        sold.map((p) => p.id),
      );
      const discount = discountOf(account);
      return {
        slug: account.bookingSlug ?? slug,
        business_name: account.name,
        logo: sold.find((p) => p.logo)?.logo ?? null,
        payment_type: paymentTypeOf(account),
        discount:
          discount.enabled && discount.value > 0 ? { type: discount.type, value: discount.value } : null,
        properties: await Promise.all(
          sold.map((p) =>
            publicProperty(
              account,
              p,
              types.filter((t) => t.propertyId === p.id),
              photos.get(p.id) ?? [],
              lang,
            ),
          ),
        ),
      };
    },

    /** GET /api/public/book/{slug}/{propertyId}/availability: free nights, prices and minimum stays. */
    async availability(
      slug: string,
      propertyId: string,
      query: { from: string; to: string; room_type_id?: string | null },
    ): Promise<PublicAvailability> {
      const account = await openSite(slug);
      const { property, type } = await soldUnit(account, propertyId, query.room_type_id);
      if (nightsBetween(query.from, query.to) > MAX_CALENDAR_NIGHTS) throw directBookingErrors.rangeTooLong();
      return deps.bookings.nightCalendar(siteTenant(account), {
        property_id: property.id,
        room_type_id: type?.id ?? null,
        from: query.from,
        to: query.to,
      });
    },

    /** POST /api/public/book/{slug}/quote. */
    async quote(slug: string, body: CalculatePriceBody): Promise<PriceQuote> {
      const account = await openSite(slug);
      const { property, type } = await soldUnit(account, body.property_id, body.room_type_id);
      return quote(account, property, type, body);
    },

    /**
     * POST /api/public/book/{slug}/bookings: a booking with the channel 'web' at the quoted price, through the
     * bookings module's create (arrival, capacity, restrictions, rooms of the type, the race for the nights:
     * the loser gets 409 booking.dates_taken), then the guest's confirmation e-mail in their language.
     */
    async book(slug: string, body: WebBookingBody & { language: Lang }): Promise<WebBookingAnswer> {
      const account = await openSite(slug);
      const { property, type } = await soldUnit(account, body.property_id, body.room_type_id);
      if (body.guests > capacityOf(property, type)) throw directBookingErrors.guestsMax();
      const priced = await quote(account, property, type, body);
      if (priced.unavailable === 'dates_taken' || priced.unavailable === 'closed')
        throw bookingsErrors.datesTaken();
      if (priced.unavailable === 'min_stay') throw bookingsErrors.minStay();
      if (priced.unavailable === 'arrival_past') throw bookingsErrors.arrivalPast();
      if (priced.unavailable === 'no_price') throw directBookingErrors.noPrice();
      // Paid online in advance (issue 16): pending with its nights held until Checkout says how it went.
      const paysOnline = paymentTypeOf(account) === 'online' && (await online.ready(account.id));
      const booking = await deps.bookings.create(
        siteTenant(account),
        {
          property_id: property.id,
          room_type_id: type?.id ?? null,
          quantity: 1,
          start_date: body.start_date,
          end_date: body.end_date,
          name: body.name,
          email: body.email,
          phone: body.phone,
          number_of_guests: body.guests,
          price: priced.subtotal,
          // The discount shows on the booking as its promotion line, so Reservas adds up to the quote.
          promotions:
            priced.discount > 0
              ? [{ description: translate('es', 'direct_booking.promotion'), price: priced.discount }]
              : [],
          taxes: [],
          notes: body.notes ?? '',
        },
        { channel: 'web', ...(paysOnline ? { status: 'pending' as const } : {}) },
      );
      if (paysOnline) return online.startPayment(account, property, booking, body.language, slug);
      const answer: WebBookingAnswer = {
        code: booking.code,
        property_name: property.nombre,
        start_date: booking.start_date,
        end_date: booking.end_date,
        guests: booking.number_of_guests,
        total_price: booking.total,
        currency: booking.currency,
        // Online chosen but no longer possible (payments account restricted): the guest pays on arrival.
        payment_type: 'on_arrival',
        booking_id: booking.id,
        checkout_url: null,
        held_until: null,
      };
      // The booking stands even if the e-mail cannot be queued; the operator sees it in Reservas.
      try {
        await sendWebBookingConfirmation(deps.deliver, {
          accountId: account.id,
          propertyId: property.id,
          bookingId: booking.id,
          name: booking.name,
          language: body.language,
          mail: webBookingConfirmation(body.language, {
            to: booking.email,
            name: booking.name,
            business: account.name,
            property,
            booking: answer,
          }),
        });
      } catch (error) {
        deps.logger.error(
          { err: error, booking: booking.id },
          'direct booking: confirmation e-mail not queued',
        );
      }
      return answer;
    },
  };
}
