import type {
  DeliveryChannel,
  DeliveryPreferencesBody,
  MessageDelivery,
  MessagingChannels,
} from '@posada/contracts/deliveries';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api.ts';

/**
 * The delivery pipeline's routes (issue 26, docs/messaging.md Delivery): a stay's messages, a resend on
 * another channel, and a property's channels. Shared because reservations, check-ins and settings show
 * them. Reasons come translated by the API (Accept-Language), so the language is part of every key.
 */
export const deliveriesApi = {
  ofBooking: (bookingId: string) => api.get<MessageDelivery[]>(`/api/bookings/${bookingId}/messages`),
  ofCheckin: (checkinId: string) => api.get<MessageDelivery[]>(`/api/checkins/${checkinId}/messages`),
  resend: (id: string, channel: DeliveryChannel) =>
    api.post<MessageDelivery>(`/api/deliveries/${id}/resend`, { channel }),
  channels: (propertyId: string) =>
    api.get<MessagingChannels>(`/api/properties/${propertyId}/messaging-channels`),
  savePreferences: (propertyId: string, body: DeliveryPreferencesBody) =>
    api.put<MessagingChannels>(`/api/properties/${propertyId}/delivery-preferences`, body),
};

/** Every key starts with ['deliveries']: a `delivery.changed` event reloads them all. */
export const deliveriesKeys = {
  all: ['deliveries'] as const,
  channels: (propertyId: string, language: string) =>
    ['deliveries', 'channels', propertyId, language] as const,
};

/** A stay's messages: a booking's (its own and its check-ins') or one check-in's. */
export const stayMessagesQuery = (of: 'booking' | 'checkin', id: string, language: string) =>
  queryOptions({
    queryKey: ['deliveries', of, id, language] as readonly string[],
    queryFn: () => (of === 'booking' ? deliveriesApi.ofBooking(id) : deliveriesApi.ofCheckin(id)),
  });

export const checkinMessagesQuery = (checkinId: string, language: string) =>
  stayMessagesQuery('checkin', checkinId, language);

export const messagingChannelsQuery = (propertyId: string, language: string) =>
  queryOptions({
    queryKey: deliveriesKeys.channels(propertyId, language),
    queryFn: () => deliveriesApi.channels(propertyId),
  });

/** POST /api/deliveries/{id}/resend; the stay's lists reload with the new record. */
export function useResendDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, channel }: { id: string; channel: DeliveryChannel }) =>
      deliveriesApi.resend(id, channel),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliveriesKeys.all }),
  });
}
