import type { PropertyImage, RejectedImageReason } from '@posada/contracts/property-rooms';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUuid } from '../../lib/sql.ts';
import type { Tenant } from '../../lib/tenant.ts';
import { type FilesService, fileUrl } from '../files/files.service.ts';
import { createImagesRepo, type ImageRow, type NewImageRow } from './images.repo.ts';
import { findOwnedProperty, inTransaction } from './property-access.ts';
import { roomsErrors } from './rooms.errors.ts';

export type ImagesService = ReturnType<typeof createImagesService>;

/** One file part of an upload; `bytes` is null when it was cut at the size limit. */
export interface UploadedPart {
  name: string;
  bytes: Buffer | null;
}

export interface ImageUploadResult {
  uploaded: PropertyImage[];
  rejected: { name: string; reason: RejectedImageReason }[];
  items: PropertyImage[];
}

export const toImage = (r: ImageRow): PropertyImage => ({
  id: r.id,
  url: fileUrl(r.fileName),
  thumb_url: fileUrl(r.thumbName ?? r.fileName),
  is_main: r.isMain,
  position: r.position,
  size: r.bytes,
  type: r.mime,
});

/** Property images (spec 5, 7): upload several, delete, set the main one. */
export function createImagesService(deps: {
  db: Db;
  clock: Clock;
  files: Pick<FilesService, 'saveImage' | 'remove'>;
}) {
  const repo = createImagesRepo({ db: deps.db });
  const owned = (tenant: Tenant, propertyId: string) => findOwnedProperty(deps.db, tenant, propertyId);
  const list = async (tenant: Tenant, propertyId: string) =>
    (await repo.list(tenant.accountId, propertyId)).map(toImage);
  const find = async (tenant: Tenant, propertyId: string, imageId: string) => {
    const row = isUuid(imageId) ? await repo.find(tenant.accountId, propertyId, imageId) : null;
    if (!row) throw roomsErrors.imageNotFound();
    return row;
  };

  return {
    assertProperty: async (tenant: Tenant, propertyId: string) => {
      await owned(tenant, propertyId);
    },

    list: async (tenant: Tenant, propertyId: string): Promise<PropertyImage[]> => {
      await owned(tenant, propertyId);
      return list(tenant, propertyId);
    },

    /**
     * Each file is judged on its own (type by content, size); the valid ones are stored with a thumbnail
     * and appended in order. The first image of a property becomes its main image.
     */
    async upload(tenant: Tenant, propertyId: string, parts: UploadedPart[]): Promise<ImageUploadResult> {
      await owned(tenant, propertyId);
      const rejected: ImageUploadResult['rejected'] = [];
      const stored: Omit<NewImageRow, 'position' | 'isMain'>[] = [];
      const now = deps.clock.now();
      for (const part of parts) {
        if (!part.bytes) {
          rejected.push({ name: part.name, reason: 'size' });
          continue;
        }
        const verdict = await deps.files.saveImage(part.bytes);
        if (!verdict.ok) {
          rejected.push({ name: part.name, reason: verdict.reason });
          continue;
        }
        const { fileName, thumbName, mime, bytes } = verdict.image;
        stored.push({
          accountId: tenant.accountId,
          propertyId,
          fileName,
          thumbName,
          mime,
          bytes,
          createdAt: now,
        });
      }
      if (stored.length === 0) return { uploaded: [], rejected, items: await list(tenant, propertyId) };
      try {
        await inTransaction(deps.db, async (tx) => {
          const txRepo = createImagesRepo({ db: tx });
          const existing = await txRepo.list(tenant.accountId, propertyId);
          const hasMain = existing.some((r) => r.isMain);
          const start = (await txRepo.maxPosition(tenant.accountId, propertyId)) + 1;
          await txRepo.insert(
            stored.map((s, i) => ({ ...s, position: start + i, isMain: !hasMain && i === 0 })),
          );
        });
      } catch (error) {
        await deps.files.remove(stored.flatMap((s) => [s.fileName, s.thumbName ?? null]));
        throw error;
      }
      const items = await list(tenant, propertyId);
      const names = new Set(stored.map((s) => s.fileName));
      return {
        uploaded: items.filter((i) => names.has(i.url.slice(i.url.lastIndexOf('/') + 1))),
        rejected,
        items,
      };
    },

    /** Deletes the image and its files; when it was the main image, the next one becomes main. */
    async remove(tenant: Tenant, propertyId: string, imageId: string): Promise<PropertyImage[]> {
      await owned(tenant, propertyId);
      const row = await find(tenant, propertyId, imageId);
      await inTransaction(deps.db, async (tx) => {
        const txRepo = createImagesRepo({ db: tx });
        await txRepo.remove(tenant.accountId, propertyId, row.id);
        if (row.isMain) {
          const rest = await txRepo.list(tenant.accountId, propertyId);
          const next = rest.find((r) => r.position > row.position) ?? rest[0];
          if (next) await txRepo.setMain(tenant.accountId, propertyId, next.id);
        }
      });
      await deps.files.remove([row.fileName, row.thumbName]);
      return list(tenant, propertyId);
    },

    async setMain(tenant: Tenant, propertyId: string, imageId: string): Promise<PropertyImage[]> {
      await owned(tenant, propertyId);
      const row = await find(tenant, propertyId, imageId);
      await inTransaction(deps.db, (tx) =>
        createImagesRepo({ db: tx }).setMain(tenant.accountId, propertyId, row.id),
      );
      return list(tenant, propertyId);
    },
  };
}
