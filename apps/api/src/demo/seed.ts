import { trialEndsAt } from '@posada/domain/subscription';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts, advisors, users } from '../db/schema/accounts.ts';
import { properties } from '../db/schema/properties.ts';
import type { Clock } from '../lib/clock.ts';
import { hashPassword } from '../modules/auth/password.ts';

/** Every demo login uses this password (README lists the accounts). */
export const DEMO_PASSWORD = 'PosadaDemo2026!';

export const demoEmails = {
  empresa: 'demo@posada.local',
  hotel: 'hotel@posada.local',
  admin: 'admin@posada.local',
} as const;

export const DEMO_ADVISOR_CODE = 'ASESOR-DEMO';

type NewAccount = typeof accounts.$inferInsert;
type NewProperty = Omit<typeof properties.$inferInsert, 'accountId'>;

interface DemoEmpresa {
  email: string;
  name: string;
  phone: string;
  account: (now: Date) => Omit<NewAccount, 'createdAt'>;
  properties: NewProperty[];
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
    }),
    properties: [
      {
        nombre: 'Apartamento Sol de Triana',
        internalName: 'Triana 2ºB',
        tipoPropiedad: 'apartamento',
        pais: 'ES',
        city: 'Sevilla',
        address: 'Calle Betis 24, 41010 Sevilla',
        timeZone: 'Europe/Madrid',
        guests: 4,
        currency: 'EUR',
      },
      {
        nombre: 'Villa Mar Azul',
        internalName: 'Villa Marbella',
        tipoPropiedad: 'villa',
        pais: 'ES',
        city: 'Marbella',
        address: 'Urbanización Las Chapas, Calle del Mar 7, 29604 Marbella',
        timeZone: 'Europe/Madrid',
        guests: 8,
        currency: 'EUR',
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
        timeZone: 'Europe/Madrid',
        guests: 60,
        currency: 'EUR',
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
 * Seeds the demo accounts of issue 2 (README): two empresas with properties in Spain, an admin and an
 * active advisor. Idempotent: records that already exist are left exactly as they are.
 */
export async function seedDemo(db: Db, clock: Clock): Promise<SeedReport> {
  const report: SeedReport = { lines: [], created: 0 };
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

  for (const demo of empresas) {
    let userId = await findUserId(db, demo.email);
    note(
      !userId,
      `empresa ${demo.email} (${userId ? 'left unchanged' : describeAccount(demo.account(now))})`,
    );
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
            email: demo.email,
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
    for (const property of demo.properties) {
      const [existing] = await db
        .select({ id: properties.id })
        .from(properties)
        .where(and(eq(properties.accountId, accountId), eq(properties.nombre, property.nombre)))
        .limit(1);
      note(!existing, `  property '${property.nombre}' (${property.tipoPropiedad}, ${property.city})`);
      if (!existing) await db.insert(properties).values({ ...property, accountId, createdAt: now });
    }
  }

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

function describeAccount(account: Omit<NewAccount, 'createdAt'>): string {
  if (account.statusSubscription === 'subscribed') {
    return `plan ${account.plan}, subscribed, up to ${account.quantity} properties`;
  }
  return `free trial, status ${account.statusSubscription}, ends ${account.trialEndsAt?.toISOString().slice(0, 10)}`;
}
