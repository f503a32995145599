import type { ErrorEnvelope } from '@posada/contracts/envelope';
import {
  type CreatePropertyBody,
  type GenerateDescriptionBody,
  type LocalizedText,
  type PropertyDetail,
  type PropertyListData,
  propertyPaths,
} from '@posada/contracts/properties';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '../api.ts';
import i18n from '../i18n.ts';
import { getToken } from '../session.ts';

export const propertiesQueryKey = ['properties'] as const;

/** GET /api/properties: the account's properties with their check-in links, and its quantity. */
export const propertiesQuery = queryOptions({
  queryKey: propertiesQueryKey,
  queryFn: () => api.get<PropertyListData>(propertyPaths.list),
});

/** POST /api/properties (the wizard's last step). */
export function createProperty(body: CreatePropertyBody) {
  return api.post<PropertyDetail>(propertyPaths.create, body);
}

/** POST /api/properties/description/generate: es, en and ar, or 503 ai.not_configured. */
export function generateDescription(body: GenerateDescriptionBody) {
  return api.post<LocalizedText>(propertyPaths.generateDescription, body);
}

/** POST /api/properties/logo (multipart, field `file`) → the stored logo's URL. */
export async function uploadLogo(file: File): Promise<{ url: string }> {
  const form = new FormData();
  form.append('file', file);
  const headers: Record<string, string> = {
    'Accept-Language': i18n.language || 'es',
    Accept: 'application/json',
  };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(propertyPaths.logo, { method: 'POST', headers, body: form });
  } catch {
    throw new ApiError(0, 'network', i18n.t('common:errors.network'));
  }
  const payload = (await response.json().catch(() => null)) as
    | { ok: true; data: { url: string } }
    | ErrorEnvelope
    | null;
  if (!response.ok || !payload || payload.ok !== true) {
    const envelope = payload && payload.ok === false ? payload : null;
    throw new ApiError(
      response.status,
      envelope?.code ?? 'unknown',
      envelope?.message ?? i18n.t('common:errors.unexpected'),
      envelope?.errors ?? {},
    );
  }
  return payload.data;
}
