import { and, asc, eq, max } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { propertyImages } from '../../db/schema/rooms.ts';

export type ImageRow = typeof propertyImages.$inferSelect;
export type NewImageRow = typeof propertyImages.$inferInsert;
export type ImagesRepo = ReturnType<typeof createImagesRepo>;

/** Drizzle queries of property images; every query filters by account and property. */
export function createImagesRepo({ db }: { db: Db }) {
  const ofProperty = (accountId: string, propertyId: string) =>
    and(eq(propertyImages.accountId, accountId), eq(propertyImages.propertyId, propertyId));
  return {
    /** By position: the gallery order. */
    async list(accountId: string, propertyId: string): Promise<ImageRow[]> {
      return db
        .select()
        .from(propertyImages)
        .where(ofProperty(accountId, propertyId))
        .orderBy(asc(propertyImages.position), asc(propertyImages.id));
    },

    async find(accountId: string, propertyId: string, id: string): Promise<ImageRow | null> {
      const [row] = await db
        .select()
        .from(propertyImages)
        .where(and(ofProperty(accountId, propertyId), eq(propertyImages.id, id)))
        .limit(1);
      return row ?? null;
    },

    async maxPosition(accountId: string, propertyId: string): Promise<number> {
      const [row] = await db
        .select({ n: max(propertyImages.position) })
        .from(propertyImages)
        .where(ofProperty(accountId, propertyId));
      return row?.n ?? -1;
    },

    async insert(values: NewImageRow[]): Promise<void> {
      if (values.length > 0) await db.insert(propertyImages).values(values);
    },

    async remove(accountId: string, propertyId: string, id: string): Promise<void> {
      await db
        .delete(propertyImages)
        .where(and(ofProperty(accountId, propertyId), eq(propertyImages.id, id)));
    },

    /** Makes `id` the only main image of the property (clears the old one first: one main per property). */
    async setMain(accountId: string, propertyId: string, id: string): Promise<void> {
      await db
        .update(propertyImages)
        .set({ isMain: false })
        .where(and(ofProperty(accountId, propertyId), eq(propertyImages.isMain, true)));
      await db
        .update(propertyImages)
        .set({ isMain: true })
        .where(and(ofProperty(accountId, propertyId), eq(propertyImages.id, id)));
    },
  };
}
