import {
  type DirectBookingSettings,
  directBookingPaths,
  type UpdateDirectBookingSettingsBody,
} from '@posada/contracts/direct-booking';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { userQueryKey } from '../../../lib/use-session.ts';
import { withUnitActive } from '../lib/units.ts';

export type { DirectBookingSettings } from '@posada/contracts/direct-booking';

export const directBookingApi = {
  settings: () => api.get<DirectBookingSettings>(directBookingPaths.settings),
  update: (body: UpdateDirectBookingSettingsBody) =>
    api.put<DirectBookingSettings>(directBookingPaths.settings, body),
  setUnit: (unitId: string, active: boolean) =>
    api.put<unknown>(directBookingPaths.unit(unitId), { web_reservation_active: active }),
};

export const directBookingSettingsKey = ['direct-booking', 'settings'] as const;

export const directBookingSettingsQuery = () =>
  queryOptions({ queryKey: directBookingSettingsKey, queryFn: directBookingApi.settings });

/** An answer that is the whole settings object (PUT /settings answers it; a unit's PUT may not). */
function isSettings(value: unknown): value is DirectBookingSettings {
  return typeof value === 'object' && value !== null && 'units' in value && 'slug' in value;
}

/**
 * A change shown at once and undone if the API refuses it (the caller toasts either way). The session's
 * user carries enable_web_reservations and the units' flags too, so it is refreshed after.
 */
function useOptimisticSettings<V>(
  send: (variables: V) => Promise<unknown>,
  apply: (settings: DirectBookingSettings, variables: V) => DirectBookingSettings,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onMutate: async (variables: V) => {
      await queryClient.cancelQueries({ queryKey: directBookingSettingsKey });
      const previous = queryClient.getQueryData<DirectBookingSettings>(directBookingSettingsKey);
      if (previous) queryClient.setQueryData(directBookingSettingsKey, apply(previous, variables));
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(directBookingSettingsKey, context.previous);
    },
    onSuccess: (answer) => {
      if (isSettings(answer)) queryClient.setQueryData(directBookingSettingsKey, answer);
      else void queryClient.invalidateQueries({ queryKey: directBookingSettingsKey });
      void queryClient.invalidateQueries({ queryKey: userQueryKey });
    },
  });
}

/** The switch for all (enable_web_reservations) or the payment type: one field, shown at once. */
export function useUpdateSettingsNow() {
  return useOptimisticSettings(
    (body: UpdateDirectBookingSettingsBody) => directBookingApi.update(body),
    (settings, body) => ({ ...settings, ...stripUndefined(body) }),
  );
}

/** One unit's web_reservation_active, shown at once. */
export function useSetUnitActive() {
  return useOptimisticSettings(
    ({ unitId, active }: { unitId: string; active: boolean }) => directBookingApi.setUnit(unitId, active),
    (settings, { unitId, active }) => withUnitActive(settings, unitId, active),
  );
}

/** The discount form's save (not optimistic: the form shows it saving). */
export function useSaveDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateDirectBookingSettingsBody) => directBookingApi.update(body),
    onSuccess: (answer) => {
      if (isSettings(answer)) queryClient.setQueryData(directBookingSettingsKey, answer);
      else void queryClient.invalidateQueries({ queryKey: directBookingSettingsKey });
    },
  });
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
