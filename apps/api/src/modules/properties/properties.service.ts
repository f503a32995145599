import type {
  CreatePropertyInput,
  GenerateDescriptionBody,
  GuestProperty,
  LocalizedText,
  PropertyDetail,
  PropertyListData,
  PropertyListItem,
} from '@posada/contracts/properties';
import type { TipoHospedaje } from '@posada/contracts/users';
import { isHotelType } from '@posada/domain/property-types';
import { canCreateProperty } from '@posada/domain/property-wizard';
import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { LocalizedColumn } from '../../db/schema/properties.ts';
import { propertyImages } from '../../db/schema/rooms.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { commonErrors } from '../../lib/errors.ts';
import { isUuid } from '../../lib/sql.ts';
import type { Tenant } from '../../lib/tenant.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import { type FilesService, fileUrl } from '../files/files.service.ts';
import type { DescriptionGenerator } from './description-generator.ts';
import { propertiesErrors } from './properties.errors.ts';
import {
  createPropertiesRepo,
  type PropertiesRepo,
  type PropertyRow,
  type RoomRow,
  type RoomTypeRow,
} from './properties.repo.ts';

export type PropertiesService = ReturnType<typeof createPropertiesService>;

/** The guest check-in link of a property (spec 2.2 guest path), which its QR code encodes. */
export function checkinUrl(appUrl: string, propertyId: string): string {
  return `${appUrl.replace(/\/$/, '')}/checkin/customers/previe/${propertyId}/`;
}

const localized = (value: LocalizedColumn | null): LocalizedText | null =>
  value ? { es: value.es ?? '', en: value.en ?? '', ar: value.ar ?? '' } : null;

export function toListItem(row: PropertyRow, appUrl: string): PropertyListItem {
  return {
    id: row.id,
    nombre: row.nombre,
    internal_name: row.internalName,
    tipo_propiedad: row.tipoPropiedad as TipoHospedaje,
    logo: row.logo,
    city: row.city,
    pais: row.pais,
    active: row.active,
    checkin_url: checkinUrl(appUrl, row.id),
    created_at: row.createdAt.toISOString(),
  };
}

export function toDetail(
  row: PropertyRow,
  types: RoomTypeRow[],
  roomRows: RoomRow[],
  appUrl: string,
): PropertyDetail {
  return {
    id: row.id,
    nombre: row.nombre,
    logo: row.logo,
    tipo_propiedad: row.tipoPropiedad as TipoHospedaje,
    // spec 3: an apartment or villa sells as one unit; a hotel, by room type.
    accommodation_units: isHotelType(row.tipoPropiedad)
      ? types.map((t) => ({ id: t.id, web_reservation_active: t.webReservationActive }))
      : [{ id: row.id, web_reservation_active: row.webReservationActive }],
    botGPT: row.botGpt,
    guests: row.guests,
    currency: row.currency,
    internal_name: row.internalName,
    pais: row.pais,
    city: row.city,
    address: row.address,
    zip_code: row.zipCode,
    time_zone: row.timeZone,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    services: row.services,
    price_night: row.priceNight,
    description: localized(row.description) ?? { es: '', en: '', ar: '' },
    active: row.active,
    policies: localized(row.policies),
    welcome: localized(row.welcome),
    security_code: row.securityCode,
    confirmation_channels: { whatsapp: row.confirmWhatsapp, email: row.confirmEmail, sms: row.confirmSms },
    review_url: row.reviewUrl,
    identity_verification: row.identityVerification,
    smart_lock: row.smartLock,
    room_types: types.map((t) => ({
      id: t.id,
      name: t.name,
      adults: t.adults,
      children: t.children,
      infants: t.infants,
    })),
    rooms: roomRows.map((r) => ({
      id: r.id,
      room_type_id: r.roomTypeId,
      name: r.name,
      code: r.code,
      description: r.description,
      access_key: r.accessKey,
      status: r.status,
    })),
    checkin_url: checkinUrl(appUrl, row.id),
    created_at: row.createdAt.toISOString(),
  };
}

/** What a guest page may see: no account, security code, credentials, channels or prices. */
export function toGuestProperty(row: PropertyRow, photo: GuestProperty['photo'] = null): GuestProperty {
  return {
    id: row.id,
    nombre: row.nombre,
    logo: row.logo,
    tipo_propiedad: row.tipoPropiedad as TipoHospedaje,
    city: row.city,
    pais: row.pais,
    active: row.active,
    welcome: localized(row.welcome),
    policies: localized(row.policies),
    services: row.services,
    photo,
  };
}

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** Properties: the creation wizard, the list and the spec 7 property calls. */
export function createPropertiesService(deps: {
  db: Db;
  clock: Clock;
  appUrl: string;
  accounts: Pick<AccountsService, 'getPropertyQuota' | 'adoptNewProperty'>;
  files: Pick<FilesService, 'saveLogo' | 'isStoredLogoUrl'>;
  /** Null when no LLM endpoint is configured. */
  describer: DescriptionGenerator | null;
}) {
  const repo = createPropertiesRepo({ db: deps.db });
  const inTransaction = <T>(work: (tx: PropertiesRepo) => Promise<T>) =>
    deps.db.transaction((tx) => work(createPropertiesRepo({ db: tx as unknown as Db })));

  async function detail(accountId: string, id: string): Promise<PropertyDetail> {
    const row = isUuid(id) ? await repo.find(accountId, id) : null;
    if (!row) throw propertiesErrors.notFound();
    const [types, roomRows] = await Promise.all([
      repo.listRoomTypes(accountId, row.id),
      repo.listRooms(accountId, row.id),
    ]);
    return toDetail(row, types, roomRows, deps.appUrl);
  }

  async function list(accountId: string): Promise<PropertyListData> {
    const [rows, quota] = await Promise.all([
      repo.listByAccount(accountId),
      deps.accounts.getPropertyQuota(accountId),
    ]);
    return {
      items: rows.map((row) => toListItem(row, deps.appUrl)),
      quantity: quota.quantity,
      count: rows.length,
    };
  }

  return {
    list: (auth: Tenant) => list(auth.accountId),

    /**
     * The wizard's property, with its room type and rooms for hotels and campings, in one transaction.
     * Refused at the account's quantity (spec 5). It becomes the user's active property if none was chosen.
     */
    async create(auth: Tenant, body: CreatePropertyInput): Promise<PropertyDetail> {
      // Read before the transaction: on PGlite (one session) another module's query inside it would wait.
      const { quantity } = await deps.accounts.getPropertyQuota(auth.accountId);
      // The logo must be one of our uploads, as on the name-property settings page.
      if (body.logo && !(await deps.files.isStoredLogoUrl(body.logo))) {
        throw commonErrors.invalid({ logo: ['settings.logo_invalid'] });
      }
      const hotel = isHotelType(body.tipo);
      const now = deps.clock.now();
      let propertyId: string;
      try {
        propertyId = await inTransaction(async (tx) => {
          await tx.lockAccountForCreation(auth.accountId);
          if (!canCreateProperty(await tx.countByAccount(auth.accountId), quantity)) {
            throw propertiesErrors.limitReached();
          }
          const property = await tx.insertProperty({
            accountId: auth.accountId,
            nombre: body.nombre,
            internalName: blankToNull(body.internal_name),
            logo: body.logo ?? null,
            tipoPropiedad: body.tipo,
            pais: body.pais.toUpperCase(),
            address: body.address,
            city: body.city,
            zipCode: blankToNull(body.zip_code),
            guests:
              hotel && body.room_type
                ? (body.room_type.adults + body.room_type.children) * (body.rooms?.length ?? 1)
                : body.guests,
            bedrooms: body.bedrooms,
            bathrooms: body.bathrooms,
            services: [...new Set(body.services)],
            priceNight: body.price_night,
            currency: body.currency,
            description: {
              es: body.description.es.trim(),
              en: body.description.en.trim(),
              ar: body.description.ar.trim(),
            },
            createdAt: now,
          });
          if (hotel && body.room_type) {
            const type = await tx.insertRoomType({
              accountId: auth.accountId,
              propertyId: property.id,
              name: body.room_type.name,
              adults: body.room_type.adults,
              children: body.room_type.children,
              infants: body.room_type.infants,
              createdAt: now,
            });
            await tx.insertRooms(
              (body.rooms ?? []).map((room) => ({
                accountId: auth.accountId,
                propertyId: property.id,
                roomTypeId: type.id,
                name: room.name,
                code: blankToNull(room.code),
                createdAt: now,
              })),
            );
          }
          return property.id;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw propertiesErrors.roomNameTaken();
        throw error;
      }
      await deps.accounts.adoptNewProperty(auth, propertyId);
      return detail(auth.accountId, propertyId);
    },

    /** GET /api/get-property: the account's property, or 404 (another account's, unknown, not a uuid). */
    get: (auth: Tenant, id: string) => detail(auth.accountId, id),

    /** POST /api/propiedad: the guest view of any property, or 404. */
    async guestView(id: string): Promise<GuestProperty> {
      const row = isUuid(id) ? await repo.findForGuest(id) : null;
      if (!row) throw propertiesErrors.notFound();
      // The main image, else the first one (spec 5: one main image, ordered by position).
      const [image] = await deps.db
        .select({ fileName: propertyImages.fileName, thumbName: propertyImages.thumbName })
        .from(propertyImages)
        .where(eq(propertyImages.propertyId, row.id))
        .orderBy(desc(propertyImages.isMain), asc(propertyImages.position))
        .limit(1);
      return toGuestProperty(
        row,
        image
          ? { url: fileUrl(image.fileName), thumb_url: fileUrl(image.thumbName ?? image.fileName) }
          : null,
      );
    },

    /** POST /api/retrive-properties: only the caller's own list; another user's id reads as not found. */
    async listForUser(auth: Tenant, userId: string): Promise<PropertyListData> {
      if (userId !== auth.userId) throw propertiesErrors.notFound();
      return list(auth.accountId);
    },

    /** GET /api/count-checkin-property/{id}: the property's completed check-ins. */
    async countCheckins(auth: Tenant, id: string): Promise<{ count: number }> {
      const row = isUuid(id) ? await repo.find(auth.accountId, id) : null;
      if (!row) throw propertiesErrors.notFound();
      return { count: await repo.countCompletedCheckins(auth.accountId, id) };
    },

    uploadLogo: (_auth: Tenant, bytes: Uint8Array) => deps.files.saveLogo(bytes),

    async generateDescription(input: GenerateDescriptionBody): Promise<LocalizedText> {
      if (!deps.describer) throw propertiesErrors.aiNotConfigured();
      return deps.describer.generate(input);
    },
  };
}
