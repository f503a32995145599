import type { Provider, ProviderBody, ProviderList } from '@posada/contracts/experiences';
import { normalizePhone } from '@posada/domain/phone';
import { isUuid } from '../../lib/sql.ts';
import type { Tenant } from '../../lib/tenant.ts';
import type { ExperiencesDeps } from './experiences.deps.ts';
import { experiencesErrors } from './experiences.errors.ts';
import { createProvidersRepo, type ProviderRow } from './providers.repo.ts';
import type { StoreAccess } from './store-access.ts';

export type ProvidersService = ReturnType<typeof createProvidersService>;

const toProvider = (r: ProviderRow): Provider => ({
  id: r.id,
  name: r.name,
  country: r.country,
  phone: r.phone,
  email: r.email,
  address: r.address,
  services: r.services,
  created_at: r.createdAt.toISOString(),
});

/** The provider's fields as stored: the phone read for its country and kept E.164 ('' for none). */
function providerValues(body: ProviderBody) {
  const raw = (body.phone ?? '').trim();
  const phone = raw ? normalizePhone(raw, body.country) : '';
  if (phone === null) throw experiencesErrors.invalid('phone', 'experiences.phone_invalid');
  return {
    name: body.name.trim(),
    country: body.country,
    phone,
    email: (body.email ?? '').trim(),
    address: (body.address ?? '').trim(),
  };
}

/** Providers (spec 3 Provider / supplier): premium access only (spec 6). */
export function createProvidersService(deps: ExperiencesDeps, access: StoreAccess) {
  const repo = createProvidersRepo({ db: deps.db });
  const find = async (tenant: Tenant, id: string): Promise<ProviderRow> => {
    const row = isUuid(id) ? await repo.find(tenant.accountId, id) : null;
    if (!row) throw experiencesErrors.providerNotFound();
    return row;
  };

  return {
    /** By name. */
    async list(tenant: Tenant): Promise<ProviderList> {
      await access.requirePremium(tenant.accountId);
      return { items: (await repo.list(tenant.accountId)).map(toProvider) };
    },

    async create(tenant: Tenant, body: ProviderBody): Promise<Provider> {
      await access.requirePremium(tenant.accountId);
      const values = providerValues(body);
      const now = deps.clock.now();
      const id = await repo.insert({
        ...values,
        accountId: tenant.accountId,
        createdAt: now,
        updatedAt: now,
      });
      return toProvider(await find(tenant, id));
    },

    async update(tenant: Tenant, id: string, body: ProviderBody): Promise<Provider> {
      await access.requirePremium(tenant.accountId);
      await find(tenant, id);
      const values = providerValues(body);
      await repo.update(tenant.accountId, id, { ...values, updatedAt: deps.clock.now() });
      return toProvider(await find(tenant, id));
    },

    /** Its services stay, as internal services. */
    async remove(tenant: Tenant, id: string): Promise<void> {
      await access.requirePremium(tenant.accountId);
      const row = await find(tenant, id);
      await repo.remove(tenant.accountId, row.id);
    },
  };
}
