import {
  type ChannelCalendar,
  type CreateChannelCalendarBody,
  channelsPaths,
  type IcalExport,
  type SyncResult,
} from '@posada/contracts/channels';
import { propertyRoomsPaths, type RoomsData } from '@posada/contracts/property-rooms';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const channelCalendarsKey = ['channel-calendars'] as const;

/** The list answer: the connections themselves, or wrapped as `{ items }`. */
type CalendarsAnswer = ChannelCalendar[] | { items: ChannelCalendar[] };
const itemsOf = (answer: CalendarsAnswer) => (Array.isArray(answer) ? answer : answer.items);

/** GET /api/channel-calendars?property_id=: the connections with their health (all of the account's without id). */
export function channelCalendarsQuery(propertyId?: string) {
  return queryOptions({
    queryKey: [...channelCalendarsKey, propertyId ?? 'all'],
    queryFn: async () =>
      itemsOf(await api.get<CalendarsAnswer>(channelsPaths.calendars, { property_id: propertyId })),
    // Health moves on its own (the job syncs every 15 minutes): keep it fresh while the screen is open.
    refetchInterval: 60_000,
  });
}

/** The export feed of a unit: the property, or one room of a hotel. */
export interface Unit {
  propertyId: string;
  roomId: string | null;
}

export function icalExportQuery(unit: Unit) {
  return queryOptions({
    queryKey: ['ical-export', unit.propertyId, unit.roomId ?? 'property'],
    queryFn: () =>
      api.get<IcalExport>(
        unit.roomId
          ? channelsPaths.roomExport(unit.propertyId, unit.roomId)
          : channelsPaths.propertyExport(unit.propertyId),
      ),
  });
}

/** GET /api/properties/{id}/rooms: a hotel's rooms, each a unit of its own. */
export function propertyRoomsQuery(propertyId: string) {
  return queryOptions({
    queryKey: ['channels', 'rooms', propertyId],
    queryFn: () => api.get<RoomsData>(propertyRoomsPaths.rooms(propertyId)),
    select: (data) => data.rooms,
  });
}

export function useCreateConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateChannelCalendarBody) => api.post<ChannelCalendar>(channelsPaths.calendars, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: channelCalendarsKey }),
  });
}

export function useSyncConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<SyncResult>(channelsPaths.sync(id)),
    // A failed sync also changes the health (its last error): refresh either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: channelCalendarsKey }),
  });
}

export function useDeleteConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(channelsPaths.calendar(id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: channelCalendarsKey }),
  });
}

export function useRotateExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (unit: Unit) =>
      api.post<IcalExport>(
        unit.roomId
          ? channelsPaths.roomExportRotate(unit.propertyId, unit.roomId)
          : channelsPaths.propertyExportRotate(unit.propertyId),
      ),
    onSuccess: (answer, unit) => {
      queryClient.setQueryData(icalExportQuery(unit).queryKey, answer);
      // The connections' own export URLs may carry the unit's token too.
      void queryClient.invalidateQueries({ queryKey: channelCalendarsKey });
    },
  });
}
