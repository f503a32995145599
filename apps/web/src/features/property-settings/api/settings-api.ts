import {
  type PropertySettings,
  propertySettingsPaths,
  type SettingsSection,
} from '@posada/contracts/property-settings';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { applySection, type SectionValues } from '../lib/section-values.ts';

/** The PUT answers the whole settings (as GET does). */
export function isSettings(data: unknown): data is PropertySettings {
  return typeof data === 'object' && data !== null && 'features' in data && 'id' in data;
}

export const settingsQueryKey = (propertyId: string) => ['property-settings', propertyId] as const;

/** GET /api/properties/{id}/settings: everything the settings pages read, with the account's features. */
export const settingsQuery = (propertyId: string) =>
  queryOptions({
    queryKey: settingsQueryKey(propertyId),
    queryFn: () => api.get<PropertySettings>(propertySettingsPaths.settings(propertyId)),
    staleTime: 30_000,
  });

/** PUT /api/properties/{id}/settings/{section}; the cached settings follow what was saved. */
export function useSaveSection<S extends SettingsSection>(propertyId: string, section: S) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SectionValues<S>) =>
      api.put<PropertySettings>(propertySettingsPaths.section(propertyId, section), body),
    onSuccess: async (data, body) => {
      const key = settingsQueryKey(propertyId);
      if (isSettings(data)) {
        queryClient.setQueryData(key, data);
      } else {
        const current = queryClient.getQueryData<PropertySettings>(key);
        if (current) queryClient.setQueryData(key, applySection(section, current, body));
      }
      // The property's name, logo and active flag also show in the shell and the list.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['user'] }),
        queryClient.invalidateQueries({ queryKey: ['properties'] }),
      ]);
    },
  });
}
