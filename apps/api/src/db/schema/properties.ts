import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/** A property (alojamiento). Issue 3 adds its settings; the foundation needs it for the picker and user/data. */
export const properties = pgTable(
  'properties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    nombre: text('nombre').notNull(),
    internalName: text('internal_name'),
    logo: text('logo'),
    /** apartamento | villa | hotel | camping */
    tipoPropiedad: text('tipo_propiedad').notNull(),
    pais: text('pais').notNull().default('ES'),
    city: text('city'),
    address: text('address'),
    timeZone: text('time_zone').notNull().default('Europe/Madrid'),
    guests: integer('guests').notNull().default(1),
    currency: text('currency').notNull().default('EUR'),
    botGpt: boolean('bot_gpt').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('properties_account_idx').on(t.accountId)],
);
