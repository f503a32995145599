import type { Service, ServiceBody, ServiceList, ServiceListQuery } from '@posada/contracts/experiences';
import { SERVICE_PHOTOS_MAX } from '@posada/domain/experiences';
import type { Db } from '../../db/client.ts';
import type { ServicePhoto } from '../../db/schema/experiences.ts';
import { isUuid } from '../../lib/sql.ts';
import type { Tenant } from '../../lib/tenant.ts';
import { fileUrl } from '../files/files.service.ts';
import type { ExperiencesDeps } from './experiences.deps.ts';
import { experiencesErrors } from './experiences.errors.ts';
import { createServicesRepo, type ServiceListRow } from './services.repo.ts';
import type { StoreAccess } from './store-access.ts';

export type ServicesService = ReturnType<typeof createServicesService>;

const text = (t: { es: string; en?: string | null; ar?: string | null }) => ({
  es: t.es,
  en: t.en ?? '',
  ar: t.ar ?? '',
});

export const toServicePhoto = (p: ServicePhoto) => ({
  url: fileUrl(p.file),
  thumb_url: p.thumb ? fileUrl(p.thumb) : null,
});

const toService = (r: ServiceListRow): Service => ({
  id: r.id,
  property_id: r.propertyId,
  property_name: r.propertyName,
  name: r.name,
  title: text(r.title),
  description: text(r.description),
  category: r.category,
  provider_id: r.providerId,
  provider_name: r.providerName,
  confirmation: r.confirmation,
  price_type: r.priceType,
  price: r.price,
  currency: r.currency,
  photos: r.photos.map(toServicePhoto),
  active: r.active,
  requests: r.requests,
  pending_requests: r.pendingRequests,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

/** Runs `work` in a transaction, handing it the transaction as a Db for the repo. */
const inTransaction = <T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> =>
  db.transaction((tx) => work(tx as unknown as Db));

const photoFiles = (photos: ServicePhoto[]) => photos.flatMap((p) => [p.file, p.thumb]);

/** Services (spec 3 Service / experience) and their photos (spec 5: up to 3): premium access only (spec 6). */
export function createServicesService(deps: ExperiencesDeps, access: StoreAccess) {
  const repo = createServicesRepo({ db: deps.db });
  const find = async (tenant: Tenant, id: string): Promise<ServiceListRow> => {
    const row = isUuid(id) ? await repo.find(tenant.accountId, id) : null;
    if (!row) throw experiencesErrors.serviceNotFound();
    return row;
  };

  /** The body as stored; its property and provider must be the caller's own (404 otherwise). */
  async function values(tenant: Tenant, body: ServiceBody) {
    if (body.property_id && !(await repo.hasProperty(tenant.accountId, body.property_id))) {
      throw experiencesErrors.propertyNotFound();
    }
    if (body.provider_id && !(await repo.hasProvider(tenant.accountId, body.provider_id))) {
      throw experiencesErrors.providerNotFound();
    }
    return {
      propertyId: body.property_id,
      name: body.name.trim(),
      title: text(body.title),
      description: text(body.description),
      category: body.category,
      providerId: body.provider_id,
      confirmation: body.confirmation,
      priceType: body.price_type,
      price: body.price,
      currency: body.currency,
      active: body.active ?? true,
    };
  }

  /** Before a photo's bytes are read: premium, the caller's service, and room for one more. */
  async function assertPhotoRoom(tenant: Tenant, id: string): Promise<void> {
    await access.requirePremium(tenant.accountId);
    const row = await find(tenant, id);
    if (row.photos.length >= SERVICE_PHOTOS_MAX) throw experiencesErrors.tooManyPhotos();
  }

  return {
    /** Newest first; a property filter includes the services of every property. */
    async list(tenant: Tenant, query: ServiceListQuery): Promise<ServiceList> {
      await access.requirePremium(tenant.accountId);
      const rows = await repo.list(tenant.accountId, {
        search: query.search?.trim() || undefined,
        propertyId: query.property_id,
        category: query.category,
        active: query.active === undefined ? undefined : query.active === 'true',
      });
      return { items: rows.map(toService), total: rows.length };
    },

    async get(tenant: Tenant, id: string): Promise<Service> {
      await access.requirePremium(tenant.accountId);
      return toService(await find(tenant, id));
    },

    async create(tenant: Tenant, body: ServiceBody): Promise<Service> {
      await access.requirePremium(tenant.accountId);
      const row = await values(tenant, body);
      const now = deps.clock.now();
      const id = await repo.insert({ ...row, accountId: tenant.accountId, createdAt: now, updatedAt: now });
      return toService(await find(tenant, id));
    },

    /** Everything but the photos (they have their own routes). */
    async update(tenant: Tenant, id: string, body: ServiceBody): Promise<Service> {
      await access.requirePremium(tenant.accountId);
      await find(tenant, id);
      const row = await values(tenant, body);
      await repo.update(tenant.accountId, id, { ...row, updatedAt: deps.clock.now() });
      return toService(await find(tenant, id));
    },

    async setActive(tenant: Tenant, id: string, active: boolean): Promise<Service> {
      await access.requirePremium(tenant.accountId);
      await find(tenant, id);
      await repo.update(tenant.accountId, id, { active, updatedAt: deps.clock.now() });
      return toService(await find(tenant, id));
    },

    /** Its photo files go too; its requests stay with their snapshot (service_id set null). */
    async remove(tenant: Tenant, id: string): Promise<void> {
      await access.requirePremium(tenant.accountId);
      const photos = isUuid(id) ? await repo.remove(tenant.accountId, id) : null;
      if (!photos) throw experiencesErrors.serviceNotFound();
      await deps.files.remove(photoFiles(photos));
    },

    assertPhotoRoom,

    /** Checks the photo by its content (JPEG, PNG or GIF, 30 MB), stores it with a thumbnail, appends it. */
    async addPhoto(tenant: Tenant, id: string, bytes: Uint8Array): Promise<Service> {
      await assertPhotoRoom(tenant, id);
      const verdict = await deps.files.saveImage(bytes);
      if (!verdict.ok) {
        throw verdict.reason === 'size' ? experiencesErrors.photoTooLarge() : experiencesErrors.photoType();
      }
      const photo: ServicePhoto = { file: verdict.image.fileName, thumb: verdict.image.thumbName };
      try {
        // Locked so two uploads at once cannot make a fourth photo.
        await inTransaction(deps.db, async (tx) => {
          const txRepo = createServicesRepo({ db: tx });
          const row = await txRepo.lock(tenant.accountId, id);
          if (!row) throw experiencesErrors.serviceNotFound();
          if (row.photos.length >= SERVICE_PHOTOS_MAX) throw experiencesErrors.tooManyPhotos();
          await txRepo.setPhotos(tenant.accountId, id, [...row.photos, photo], deps.clock.now());
        });
      } catch (error) {
        await deps.files.remove(photoFiles([photo]));
        throw error;
      }
      return toService(await find(tenant, id));
    },

    /** Puts the photos in a new order (`order` lists every current position once; the first is the cover). */
    async reorderPhotos(tenant: Tenant, id: string, order: number[]): Promise<Service> {
      await access.requirePremium(tenant.accountId);
      await find(tenant, id);
      await inTransaction(deps.db, async (tx) => {
        const txRepo = createServicesRepo({ db: tx });
        const row = await txRepo.lock(tenant.accountId, id);
        if (!row) throw experiencesErrors.serviceNotFound();
        const isPermutation =
          order.length === row.photos.length &&
          new Set(order).size === order.length &&
          order.every((i) => row.photos[i]);
        if (!isPermutation) throw experiencesErrors.invalid('order', 'experiences.photo_order_invalid');
        await txRepo.setPhotos(
          tenant.accountId,
          id,
          order.map((i) => row.photos[i] as ServicePhoto),
          deps.clock.now(),
        );
      });
      return toService(await find(tenant, id));
    },

    /** Removes the photo at `index` (0 is the cover) and its files. */
    async removePhoto(tenant: Tenant, id: string, index: string): Promise<Service> {
      await access.requirePremium(tenant.accountId);
      await find(tenant, id);
      const at = /^\d{1,2}$/.test(index) ? Number(index) : -1;
      const removed = await inTransaction(deps.db, async (tx) => {
        const txRepo = createServicesRepo({ db: tx });
        const row = await txRepo.lock(tenant.accountId, id);
        if (!row) throw experiencesErrors.serviceNotFound();
        const photo = row.photos[at];
        if (!photo) throw experiencesErrors.photoNotFound();
        await txRepo.setPhotos(
          tenant.accountId,
          id,
          row.photos.filter((_, i) => i !== at),
          deps.clock.now(),
        );
        return photo;
      });
      await deps.files.remove(photoFiles([removed]));
      return toService(await find(tenant, id));
    },
  };
}
