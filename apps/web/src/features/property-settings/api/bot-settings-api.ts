import {
  type BotSettings,
  type BotSettingsBody,
  type BotStatus,
  conciergePaths,
} from '@posada/contracts/concierge';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/**
 * The concierge's policy and shareable facts (issue 19) on page-chat-bot-ia. The key starts like the
 * editor's (features/concierge) so a change here refreshes its status banner too.
 */
const botKey = (propertyId: string) => ['concierge', 'knowledge', propertyId] as const;

/** GET /api/concierge/{propertyId}/settings */
export const botSettingsQuery = (propertyId: string) =>
  queryOptions({
    queryKey: [...botKey(propertyId), 'settings'],
    queryFn: () => api.get<BotSettings>(conciergePaths.settings(propertyId)),
  });

/** GET /api/concierge/{propertyId}/status: here, the engine in use. */
export const botStatusQuery = (propertyId: string) =>
  queryOptions({
    queryKey: [...botKey(propertyId), 'status'],
    queryFn: () => api.get<BotStatus>(conciergePaths.status(propertyId)),
  });

/** PUT /api/concierge/{propertyId}/settings */
export function useSaveBotSettings(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BotSettingsBody) => api.put<BotSettings>(conciergePaths.settings(propertyId), body),
    onSuccess: (saved) => queryClient.setQueryData(botSettingsQuery(propertyId).queryKey, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: botKey(propertyId) }),
  });
}

/** The form's values: the settings without what the server adds (property, currency). */
export type BotSettingsValues = Omit<BotSettings, 'property_id' | 'currency'>;

export function botSettingsValues(settings: BotSettings): BotSettingsValues {
  const { property_id: _p, currency: _c, ...values } = settings;
  return { ...values, access_instructions: { ...values.access_instructions } };
}
