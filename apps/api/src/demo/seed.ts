import { trialEndsAt } from '@posada/domain/subscription';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts, advisors, users } from '../db/schema/accounts.ts';
import { properties, propertyAuthorities } from '../db/schema/properties.ts';
import { propertyImages, type RoomStatus, rates, rooms, roomTypes } from '../db/schema/rooms.ts';
import type { Clock } from '../lib/clock.ts';
import { createSecretBox, type SecretBox } from '../lib/secret-box.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { AUTHORITY_PASSWORD_PURPOSE } from '../modules/properties/property-settings.service.ts';
import { type DemoFiles, demoImages, demoRates, storeDemoPhoto } from './demo-media.ts';
import { seedDemoBilling } from './seed-billing.ts';
import { seedDemoBookings } from './seed-bookings.ts';
import { seedDemoCheckins } from './seed-checkins.ts';
import { seedDemoConcierge } from './seed-concierge.ts';
import { seedDemoDeliveries } from './seed-deliveries.ts';
import { seedDemoExperiences } from './seed-experiences.ts';
import { DEMO_AUTHORITY_USER, seedDemoRegistrations } from './seed-registrations.ts';

/** Every demo login uses this password (README lists the accounts). */
export const DEMO_PASSWORD = 'PosadaDemo2026!';

export const demoEmails = {
  empresa: 'demo@posada.local',
  hotel: 'hotel@posada.local',
  /** Subscribed to plan smart with no add-ons: the paid extras show as unavailable (spec 6). */
  basico: 'basico@posada.local',
  admin: 'admin@posada.local',
} as const;

export const DEMO_ADVISOR_CODE = 'ASESOR-DEMO';

type NewAccount = typeof accounts.$inferInsert;
type NewProperty = Omit<typeof properties.$inferInsert, 'accountId'>;

interface DemoRoomType {
  name: string;
  adults: number;
  children: number;
  infants: number;
  rooms: { name: string; code: string; status: RoomStatus; description?: string }[];
}

/** spec 9 sample policy, per language. */
const samplePolicies = {
  es: 'Entrada a partir de las 14:00 y salida antes de las 12:00. Limpieza extra: 20 EUR. Llave perdida: 15 EUR.',
  en: 'Check-in from 14:00, check-out by 12:00. Extra cleaning: 20 EUR. Lost key: 15 EUR.',
  ar: 'تسجيل الوصول من الساعة 14:00 والمغادرة قبل الساعة 12:00. تنظيف إضافي: 20 يورو. مفتاح مفقود: 15 يورو.',
};
/** The sample policy with the hours it states (the guest's welcome page shows them). */
const policyFields = { policies: samplePolicies, checkinTime: '14:00', checkoutTime: '12:00' };

/** Add-ons of the subscribed demo account: the paid extras of spec 6. */
/** Every paid extra, messaging included (issue 17: the inbox, mass messages and review requests). */
const demoAddOns = ['reviews', 'identity_verification', 'chatbot', 'smart_locks', 'messaging'] as const;

/**
 * The settings sections added after the first demo (experience store, smart locks, check-in schedule and
 * authority credentials). The password is sealed at seed time with APP_SECRET, like the settings page does.
 */
interface DemoSettingsExtras {
  columns: Pick<
    NewProperty,
    | 'storeEnabled'
    | 'storeType'
    | 'smartLock'
    | 'smartLockDeliveryTime'
    | 'smartLockKeyType'
    | 'smartLockMasterCode'
    | 'checkinSchedule'
  >;
  authorities: {
    entity: (typeof propertyAuthorities.$inferInsert)['entity'];
    username: string;
    password: string;
    establishmentCode: string;
    landlordCode: string;
  };
}

/** Store internal on, check-in links 24 hours before, Guardia Civil credentials; smart locks as given. */
const demoExtras = (
  authorities: Omit<DemoSettingsExtras['authorities'], 'entity'>,
  smartLock: Partial<DemoSettingsExtras['columns']> = {},
): DemoSettingsExtras => ({
  columns: {
    storeEnabled: true,
    storeType: 'internal',
    smartLock: false,
    smartLockDeliveryTime: 'checkin_completed',
    smartLockKeyType: 'static',
    smartLockMasterCode: null,
    checkinSchedule: '24h',
    ...smartLock,
  },
  authorities: { entity: 'guardia_civil', ...authorities },
});

interface DemoProperty extends NewProperty {
  roomTypes?: DemoRoomType[];
  extras: DemoSettingsExtras;
}

interface DemoEmpresa {
  email: string;
  name: string;
  phone: string;
  account: (now: Date) => Omit<NewAccount, 'createdAt'>;
  properties: DemoProperty[];
}

const empresas: DemoEmpresa[] = [
  {
    email: demoEmails.empresa,
    name: 'Carmen Delgado',
    phone: '+34612000001',
    account: () => ({
      name: 'Alojamientos Delgado',
      pais: 'ES',
      tipoHospedaje: 'apartamento',
      roomRange: '1-4',
      plan: 'smart',
      statusSubscription: 'subscribed',
      trialEndsAt: null,
      quantity: 5,
      // The paid extras (spec 6), so every gated settings page of the demo is open.
      servicios: [...demoAddOns],
    }),
    properties: [
      {
        nombre: 'Apartamento Sol de Triana',
        internalName: 'Triana 2ºB',
        tipoPropiedad: 'apartamento',
        pais: 'ES',
        city: 'Sevilla',
        address: 'Calle Betis 24, 41010 Sevilla',
        zipCode: '41010',
        timeZone: 'Europe/Madrid',
        guests: 4,
        bedrooms: 2,
        bathrooms: 1,
        services: ['wifi', 'air_conditioning', 'washing_machine', 'essentials', 'refrigerator', 'oven'],
        priceNight: 9500,
        currency: 'EUR',
        description: {
          es: 'Luminoso apartamento de dos dormitorios a orillas del Guadalquivir, en pleno barrio de Triana. Balcón con vistas al río, cocina equipada y aire acondicionado; a diez minutos a pie de la Catedral.',
          en: 'Bright two-bedroom apartment on the banks of the Guadalquivir, in the heart of Triana. River-view balcony, equipped kitchen and air conditioning; a ten-minute walk from the Cathedral.',
          ar: 'شقة مشرقة بغرفتي نوم على ضفاف نهر الوادي الكبير في قلب حي تريانا. شرفة مطلة على النهر ومطبخ مجهز وتكييف هواء، وعلى بعد عشر دقائق سيرًا من الكاتدرائية.',
        },
        ...policyFields,
        welcome: {
          es: '¡Bienvenido a Apartamento Sol de Triana! Estamos encantados de recibirte.',
          en: 'Welcome to Apartamento Sol de Triana! We are delighted to host you.',
          ar: 'مرحبًا بك في Apartamento Sol de Triana! يسعدنا استقبالك.',
        },
        securityCode: '4821',
        confirmWhatsapp: true,
        confirmEmail: true,
        reviewUrl: 'https://g.page/r/sol-de-triana/review',
        reviewsEnabled: true,
        botGpt: true,
        extras: demoExtras(
          {
            username: DEMO_AUTHORITY_USER,
            password: 'Triana-GC-2026!',
            establishmentCode: '4100012345',
            landlordCode: '0000410087',
          },
          { smartLock: true, smartLockDeliveryTime: 'arrival_day', smartLockMasterCode: '7351#' },
        ),
      },
      {
        nombre: 'Villa Mar Azul',
        internalName: 'Villa Marbella',
        tipoPropiedad: 'villa',
        pais: 'ES',
        city: 'Marbella',
        address: 'Urbanización Las Chapas, Calle del Mar 7, 29604 Marbella',
        zipCode: '29604',
        timeZone: 'Europe/Madrid',
        guests: 8,
        bedrooms: 4,
        bathrooms: 3,
        services: [
          'wifi',
          'air_conditioning',
          'heating',
          'parking',
          'pets_allowed',
          'children_allowed',
          'washing_machine',
          'essentials',
          'refrigerator',
          'oven',
        ],
        priceNight: 28000,
        currency: 'EUR',
        description: {
          es: 'Villa de cuatro dormitorios con piscina privada y jardín a 300 metros de la playa de Las Chapas. Ideal para familias y grupos, con aparcamiento y mascotas bienvenidas.',
          en: 'Four-bedroom villa with a private pool and garden 300 metres from Las Chapas beach. Ideal for families and groups, with parking; pets welcome.',
          ar: 'فيلا بأربع غرف نوم مع مسبح خاص وحديقة على بعد 300 متر من شاطئ لاس تشاباس. مثالية للعائلات والمجموعات، مع موقف سيارات والحيوانات الأليفة مرحب بها.',
        },
        ...policyFields,
        welcome: {
          es: '¡Bienvenido a Villa Mar Azul! Disfruta del sol de Marbella.',
          en: 'Welcome to Villa Mar Azul! Enjoy the Marbella sun.',
          ar: 'مرحبًا بك في Villa Mar Azul! استمتع بشمس ماربيا.',
        },
        securityCode: '7350',
        confirmWhatsapp: true,
        confirmEmail: true,
        identityVerification: true,
        extras: demoExtras({
          username: DEMO_AUTHORITY_USER,
          password: 'MarAzul-GC-2026!',
          establishmentCode: '2900067890',
          landlordCode: '0000290412',
        }),
      },
    ],
  },
  {
    email: demoEmails.hotel,
    name: 'Javier Ortega',
    phone: '+34612000002',
    account: (now) => ({
      name: 'Hotel Alameda Centro S.L.',
      pais: 'ES',
      tipoHospedaje: 'hotel',
      roomRange: '21-50',
      plan: null,
      roomQuantity: 50,
      statusSubscription: 'demo',
      trialEndsAt: trialEndsAt(now),
      quantity: 1,
    }),
    properties: [
      {
        nombre: 'Hotel Alameda Centro',
        internalName: 'Alameda',
        tipoPropiedad: 'hotel',
        pais: 'ES',
        city: 'Madrid',
        address: 'Calle de Alcalá 85, 28009 Madrid',
        zipCode: '28009',
        timeZone: 'Europe/Madrid',
        guests: 60,
        bedrooms: 12,
        bathrooms: 12,
        services: ['wifi', 'air_conditioning', 'heating', 'essentials', 'children_allowed'],
        // "From" price: the cheapest room type; rates per type arrive with the rates settings.
        priceNight: 12000,
        currency: 'EUR',
        description: {
          es: 'Hotel boutique frente al parque del Retiro, a pocos pasos de la Puerta de Alcalá. Habitaciones insonorizadas, desayuno casero y recepción 24 horas.',
          en: 'Boutique hotel opposite Retiro Park, a few steps from the Puerta de Alcalá. Soundproofed rooms, home-made breakfast and a 24-hour front desk.',
          ar: 'فندق بوتيك مقابل حديقة ريتيرو، على بعد خطوات من بوابة ألكالا. غرف عازلة للصوت وفطور منزلي واستقبال على مدار 24 ساعة.',
        },
        ...policyFields,
        welcome: {
          es: '¡Bienvenido al Hotel Alameda Centro! Nuestra recepción está abierta las 24 horas.',
          en: 'Welcome to Hotel Alameda Centro! Our front desk is open 24 hours.',
          ar: 'مرحبًا بك في فندق Alameda Centro! مكتب الاستقبال مفتوح على مدار 24 ساعة.',
        },
        securityCode: '1185',
        confirmEmail: true,
        confirmSms: true,
        extras: demoExtras({
          username: DEMO_AUTHORITY_USER,
          password: 'Alameda-GC-2026!',
          establishmentCode: '2800054321',
          landlordCode: '0000281190',
        }),
        roomTypes: [
          {
            name: 'Doble estándar',
            adults: 2,
            children: 0,
            infants: 1,
            rooms: [
              { name: '101', code: 'DE-101', status: 'available' },
              { name: '102', code: 'DE-102', status: 'occupied' },
              { name: '103', code: 'DE-103', status: 'available' },
              { name: '104', code: 'DE-104', status: 'cleaning' },
              { name: '201', code: 'DE-201', status: 'available' },
            ],
          },
          {
            name: 'Doble superior',
            adults: 2,
            children: 1,
            infants: 1,
            rooms: [
              { name: '202', code: 'DS-202', status: 'occupied' },
              { name: '203', code: 'DS-203', status: 'available' },
              {
                name: '204',
                code: 'DS-204',
                status: 'maintenance',
                description: 'Cambio del aire acondicionado',
              },
              { name: '301', code: 'DS-301', status: 'available' },
            ],
          },
          {
            name: 'Suite familiar',
            adults: 4,
            children: 2,
            infants: 1,
            rooms: [
              { name: '302', code: 'SF-302', status: 'available', description: 'Suite con terraza' },
              { name: '303', code: 'SF-303', status: 'occupied' },
              { name: '304', code: 'SF-304', status: 'cleaning' },
            ],
          },
        ],
      },
    ],
  },
  {
    email: demoEmails.basico,
    name: 'Marta Ruiz',
    phone: '+34612000003',
    account: () => ({
      name: 'Apartamentos Ruiz',
      pais: 'ES',
      tipoHospedaje: 'apartamento',
      roomRange: '1-4',
      plan: 'smart',
      statusSubscription: 'subscribed',
      trialEndsAt: null,
      quantity: 1,
      // No add-ons: chatbot, smart locks, identity verification and reviews show as unavailable (spec 6).
      servicios: [],
    }),
    properties: [
      {
        nombre: 'Apartamento Plaza Mayor',
        internalName: 'Salamanca 1ºA',
        tipoPropiedad: 'apartamento',
        pais: 'ES',
        city: 'Salamanca',
        address: 'Calle del Prior 6, 37002 Salamanca',
        zipCode: '37002',
        timeZone: 'Europe/Madrid',
        guests: 3,
        bedrooms: 1,
        bathrooms: 1,
        services: ['wifi', 'heating', 'essentials', 'washing_machine', 'refrigerator'],
        priceNight: 7200,
        currency: 'EUR',
        description: {
          es: 'Apartamento acogedor de un dormitorio a un minuto de la Plaza Mayor de Salamanca. Calefacción, lavadora y wifi; ideal para parejas o una familia pequeña que quiere recorrer el casco histórico a pie.',
          en: 'Cosy one-bedroom apartment a minute from the Plaza Mayor of Salamanca. Heating, washing machine and wifi; ideal for couples or a small family exploring the old town on foot.',
          ar: 'شقة مريحة بغرفة نوم واحدة على بعد دقيقة من الساحة الكبرى في سلامنكا. تدفئة وغسالة وواي فاي، مثالية للأزواج أو لعائلة صغيرة تريد استكشاف المدينة القديمة سيرًا على الأقدام.',
        },
        ...policyFields,
        welcome: {
          es: '¡Bienvenido a Apartamento Plaza Mayor! Disfruta de Salamanca.',
          en: 'Welcome to Apartamento Plaza Mayor! Enjoy Salamanca.',
          ar: 'مرحبًا بك في Apartamento Plaza Mayor! استمتع بسلامنكا.',
        },
        securityCode: '3702',
        confirmWhatsapp: true,
        confirmEmail: true,
        extras: demoExtras({
          username: DEMO_AUTHORITY_USER,
          password: 'PlazaMayor-GC-2026!',
          establishmentCode: '3700011122',
          landlordCode: '0000370031',
        }),
      },
    ],
  },
];

export interface SeedReport {
  /** One human-readable line per record: what was created and what was already there. */
  lines: string[];
  created: number;
}

async function findUserId(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  return row?.id ?? null;
}

/**
 * Seeds the demo accounts (README): three empresas with properties in Spain (one subscribed with every
 * paid extra, one hotel in its trial, one subscribed without add-ons), an admin and an active advisor.
 * Idempotent: records that already exist are left as they are, except that the subscribed demo account
 * gains any demo add-on it lacks, and a demo property without authority credentials gets its store, smart
 * lock, check-in schedule and credentials once.
 */
export async function seedDemo(
  db: Db,
  clock: Clock,
  opts: {
    files?: DemoFiles;
    /** Seals the authority passwords and check-in links; must be the APP_SECRET the API runs with. */
    appSecret: string;
    /**
     * The same empresas under other e-mails (a Playwright spec's own accounts, so flows that change data
     * in parallel never share one): demo@posada.local → emailFor('demo@posada.local').
     */
    emailFor?: (demoEmail: string) => string;
  },
): Promise<SeedReport> {
  const report: SeedReport = { lines: [], created: 0 };
  const secrets = createSecretBox(opts.appSecret);
  const now = clock.now();
  let passwordHash: string | null = null;
  const demoPassword = async () => {
    passwordHash ??= await hashPassword(DEMO_PASSWORD);
    return passwordHash;
  };
  const note = (created: boolean, what: string) => {
    if (created) report.created++;
    report.lines.push(`${created ? 'created' : 'exists '}  ${what}`);
  };

  const [advisor] = await db
    .insert(advisors)
    .values({ name: 'Lucía Asesora', email: 'asesor@posada.local', code: DEMO_ADVISOR_CODE, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: advisors.id });
  note(Boolean(advisor), `advisor ${DEMO_ADVISOR_CODE} (active)`);

  const emailFor = opts.emailFor ?? ((email: string) => email);
  for (const demo of empresas) {
    const email = emailFor(demo.email);
    let userId = await findUserId(db, email);
    note(!userId, `empresa ${email} (${userId ? 'left unchanged' : describeAccount(demo.account(now))})`);
    if (!userId) {
      const hash = await demoPassword();
      userId = await db.transaction(async (tx) => {
        const [account] = await tx
          .insert(accounts)
          .values({ ...demo.account(now), createdAt: now })
          .returning({ id: accounts.id });
        if (!account) throw new Error('demo account insert returned nothing');
        const [user] = await tx
          .insert(users)
          .values({
            accountId: account.id,
            type: 'empresa',
            name: demo.name,
            email,
            phone: demo.phone,
            passwordHash: hash,
            emailVerifiedAt: now,
            locale: 'es',
            createdAt: now,
          })
          .returning({ id: users.id });
        if (!user) throw new Error('demo user insert returned nothing');
        return user.id;
      });
    }
    const [owner] = await db.select({ accountId: users.accountId }).from(users).where(eq(users.id, userId));
    const accountId = owner?.accountId;
    if (!accountId) continue;
    await ensureAddOns(db, report, accountId, demo.account(now).servicios ?? []);
    for (const { roomTypes: types, extras, ...property } of demo.properties) {
      const [existing] = await db
        .select({ id: properties.id })
        .from(properties)
        .where(and(eq(properties.accountId, accountId), eq(properties.nombre, property.nombre)))
        .limit(1);
      note(!existing, `  property '${property.nombre}' (${property.tipoPropiedad}, ${property.city})`);
      let propertyId = existing?.id;
      if (!propertyId) {
        const [created] = await db
          .insert(properties)
          .values({ ...property, accountId, createdAt: now })
          .returning({ id: properties.id });
        propertyId = created?.id;
      }
      if (!propertyId) continue;
      await seedSettingsExtras(db, report, secrets, { accountId, propertyId, extras, now });
      await seedRooms(db, note, { accountId, propertyId, types: types ?? [], now });
      await seedRates(db, note, { accountId, propertyId, nombre: property.nombre, now });
      if (opts.files)
        await seedImages(db, note, opts.files, { accountId, propertyId, nombre: property.nombre, now });
    }
  }

  // Issue 4: a year of reservations, prices and closed dates around today (seed-bookings.ts).
  await seedDemoBookings(db, clock, note, emailFor);
  // Issue 5: programmed and completed check-ins with guests, signatures and cards; reminders.
  await seedDemoCheckins(db, clock, note, secrets, emailFor);
  // Issue 14: their police registrations in every state (seed-registrations.ts), with a demo login.
  await seedDemoRegistrations(db, note, emailFor);
  // Issue 16: the subscribed demo account's billing data and invoices (seed-billing.ts).
  await seedDemoBilling(db, clock, note, emailFor(demoEmails.empresa));
  // Issue 18: its experiences store, with four months of requests from its check-ins (seed-experiences.ts).
  await seedDemoExperiences(db, clock, note, {
    email: emailFor(demoEmails.empresa),
    secrets,
    files: opts.files,
  });
  // Issue 19: its concierge: bot on, policy, shared facts, answered and pending questions (seed-concierge.ts).
  await seedDemoConcierge(db, clock, note, { email: emailFor(demoEmails.empresa), files: opts.files });
  // Issue 26: what its newest stays were sent, with the providers' states (seed-deliveries.ts).
  await seedDemoDeliveries(db, clock, note, emailFor(demoEmails.empresa));

  const adminId = await findUserId(db, demoEmails.admin);
  note(!adminId, `admin ${demoEmails.admin} (application posada)`);
  if (!adminId) {
    await db.insert(users).values({
      accountId: null,
      type: 'admin',
      name: 'Administración Posada',
      email: demoEmails.admin,
      passwordHash: await demoPassword(),
      emailVerifiedAt: now,
      locale: 'es',
      applicationTag: 'posada',
      createdAt: now,
    });
  }
  return report;
}

/**
 * A demo account seeded before the add-ons existed gets the missing ones (never removes any), so its gated
 * settings pages open on an existing database too.
 */
async function ensureAddOns(db: Db, report: SeedReport, accountId: string, addOns: string[]) {
  if (addOns.length === 0) return;
  const [account] = await db
    .select({ servicios: accounts.servicios })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  const missing = addOns.filter((a) => !account?.servicios.includes(a));
  if (missing.length === 0) return;
  await db
    .update(accounts)
    .set({ servicios: [...(account?.servicios ?? []), ...missing] })
    .where(eq(accounts.id, accountId));
  report.lines.push(`updated    add-ons ${missing.join(', ')} for ${accountId}`);
}

/**
 * The store, smart lock, check-in schedule and authority credentials of a demo property, applied once: a
 * property without authority credentials gets them all (a new one, or one seeded before these sections
 * existed); one that has them is left as the operator set it.
 */
async function seedSettingsExtras(
  db: Db,
  report: SeedReport,
  secrets: SecretBox,
  opts: { accountId: string; propertyId: string; extras: DemoSettingsExtras; now: Date },
) {
  const { accountId, propertyId, extras } = opts;
  const [existing] = await db
    .select({ propertyId: propertyAuthorities.propertyId })
    .from(propertyAuthorities)
    .where(eq(propertyAuthorities.propertyId, propertyId))
    .limit(1);
  if (existing) return;
  const { password, ...credentials } = extras.authorities;
  await db.transaction(async (tx) => {
    await tx
      .update(properties)
      .set(extras.columns)
      .where(and(eq(properties.accountId, accountId), eq(properties.id, propertyId)));
    await tx.insert(propertyAuthorities).values({
      propertyId,
      accountId,
      ...credentials,
      passwordCiphertext: secrets.seal(password, AUTHORITY_PASSWORD_PURPOSE, propertyId),
      updatedAt: opts.now,
    });
  });
  const lock = extras.columns.smartLock
    ? `smart lock on (${extras.columns.smartLockMasterCode})`
    : 'smart lock off';
  report.lines.push(
    `settings     store ${extras.columns.storeType} on, ${lock}, check-in links ${extras.columns.checkinSchedule}, ${extras.authorities.entity} credentials (user ${extras.authorities.username})`,
  );
}

/** The hotel's room types and rooms: each created when missing (by name), existing ones left alone. */
async function seedRooms(
  db: Db,
  note: (created: boolean, what: string) => void,
  opts: { accountId: string; propertyId: string; types: DemoRoomType[]; now: Date },
) {
  const { accountId, propertyId, now } = opts;
  for (const type of opts.types) {
    const [existing] = await db
      .select({ id: roomTypes.id })
      .from(roomTypes)
      .where(
        and(
          eq(roomTypes.accountId, accountId),
          eq(roomTypes.propertyId, propertyId),
          eq(roomTypes.name, type.name),
        ),
      )
      .limit(1);
    let typeId = existing?.id;
    if (!typeId) {
      const [created] = await db
        .insert(roomTypes)
        .values({
          accountId,
          propertyId,
          name: type.name,
          adults: type.adults,
          children: type.children,
          infants: type.infants,
          createdAt: now,
        })
        .returning({ id: roomTypes.id });
      typeId = created?.id;
    }
    if (!typeId) continue;
    const inserted = await db
      .insert(rooms)
      .values(
        type.rooms.map((room) => ({
          accountId,
          propertyId,
          roomTypeId: typeId,
          name: room.name,
          code: room.code,
          description: room.description ?? null,
          status: room.status,
          createdAt: now,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: rooms.id });
    note(
      !existing || inserted.length > 0,
      `    room type '${type.name}' (${type.adults} adults, ${type.children} children): ${inserted.length} of ${type.rooms.length} rooms created`,
    );
  }
}

/** The property's demo rates, when it has none yet. */
async function seedRates(
  db: Db,
  note: (created: boolean, what: string) => void,
  opts: { accountId: string; propertyId: string; nombre: string; now: Date },
) {
  const wanted = demoRates[opts.nombre] ?? [];
  const ofProperty = and(eq(rates.accountId, opts.accountId), eq(rates.propertyId, opts.propertyId));
  const [existing] = await db.select({ n: count() }).from(rates).where(ofProperty);
  if (wanted.length === 0 || Number(existing?.n ?? 0) > 0) return;
  const types = await db
    .select({ id: roomTypes.id, name: roomTypes.name })
    .from(roomTypes)
    .where(and(eq(roomTypes.accountId, opts.accountId), eq(roomTypes.propertyId, opts.propertyId)));
  await db.insert(rates).values(
    wanted.map((r, i) => ({
      accountId: opts.accountId,
      propertyId: opts.propertyId,
      roomTypeId: types.find((t) => t.name === r.roomType)?.id ?? null,
      name: r.name,
      occupancy: r.occupancy,
      price: r.price,
      currency: 'EUR',
      createdAt: new Date(opts.now.getTime() + i),
    })),
  );
  note(true, `    ${wanted.length} rate(s)`);
}

/** The property's demo photos (real JPEGs with thumbnails), when it has none yet; the first is main. */
async function seedImages(
  db: Db,
  note: (created: boolean, what: string) => void,
  files: DemoFiles,
  opts: { accountId: string; propertyId: string; nombre: string; now: Date },
) {
  const colours = demoImages[opts.nombre] ?? [];
  const [existing] = await db
    .select({ n: count() })
    .from(propertyImages)
    .where(and(eq(propertyImages.accountId, opts.accountId), eq(propertyImages.propertyId, opts.propertyId)));
  if (colours.length === 0 || Number(existing?.n ?? 0) > 0) return;
  const values: (typeof propertyImages.$inferInsert)[] = [];
  for (const [position, pair] of colours.entries()) {
    const { fileName, thumbName, mime, bytes } = await storeDemoPhoto(files, pair);
    values.push({
      accountId: opts.accountId,
      propertyId: opts.propertyId,
      fileName,
      thumbName,
      mime,
      bytes,
      position,
      isMain: position === 0,
      createdAt: opts.now,
    });
  }
  await db.insert(propertyImages).values(values);
  note(true, `    ${values.length} image(s)`);
}

function describeAccount(account: Omit<NewAccount, 'createdAt'>): string {
  if (account.statusSubscription === 'subscribed') {
    const addOns = account.servicios?.length ? account.servicios.join(', ') : 'none';
    return `plan ${account.plan}, subscribed, up to ${account.quantity} properties, add-ons: ${addOns}`;
  }
  return `free trial, status ${account.statusSubscription}, ends ${account.trialEndsAt?.toISOString().slice(0, 10)}`;
}
