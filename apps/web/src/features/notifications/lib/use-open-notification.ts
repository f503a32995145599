import type { NotificationItem } from '@posada/contracts/checkins';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { pathTo, routePaths } from '../../../config/routes.ts';
import { api } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/use-session.ts';
import { invalidateNotifications, notificationsApi } from '../api/notifications-api.ts';

const bookingKinds = new Set(['booking_new', 'booking_update', 'booking_cancel', 'service']);

/** The inbox (issue 17, spec 2.2 messages-channel) when the app has that route. */
const inboxPath = Object.values(routePaths as Record<string, string>).find(
  (p) => p === '/business/messages-channel',
);

/**
 * Opening a notification marks it read and goes to what it is about: a booking, the check-ins, the
 * inbox thread of a guest's message, a message that could not be delivered (its booking, else its thread), the bot chat (its modal), the subscription of a failed payment, a channel's overbooking or
 * its connection.
 */
export function useOpenNotification(onOpened?: () => void) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();

  const markRead = useMutation({
    mutationFn: (id: string) => notificationsApi.markRead(id),
    onSettled: () => invalidateNotifications(queryClient),
  });

  const isBooking = (id: string) =>
    api.get(`/api/bookings/${id}`).then(
      () => true,
      () => false,
    );

  async function open(n: NotificationItem) {
    onOpened?.();
    if (!n.read_at) markRead.mutate(n.id, { onError: (e) => notify.error(e.message) });
    const relation = n.relation_id;
    if (bookingKinds.has(n.kind) && relation && user) {
      void navigate(pathTo('reservationBooking', { userId: user.id, relationId: relation }));
    } else if (n.kind === 'channel') {
      if (relation && user && (await isBooking(relation)))
        void navigate(pathTo('reservationBooking', { userId: user.id, relationId: relation }));
      else void navigate(pathTo('ChannelConnect'));
    } else if (n.kind === 'delivery') {
      // A message that could not be delivered (issue 26): its booking's page (the messages, with resend),
      // else the guest's inbox thread.
      if (relation && user && (await isBooking(relation)))
        void navigate(pathTo('reservationBooking', { userId: user.id, relationId: relation }));
      else if (relation && inboxPath) void navigate(`${inboxPath}?thread=${encodeURIComponent(relation)}`);
      else if (inboxPath) void navigate(inboxPath);
    } else if (n.kind === 'checkin' || n.kind === 'registration') {
      void navigate(pathTo(n.kind === 'registration' ? 'registrations' : 'Bookings'));
    } else if ((n.kind === 'message' || n.kind === 'review') && inboxPath) {
      void navigate(relation ? `${inboxPath}?thread=${encodeURIComponent(relation)}` : inboxPath);
    } else if (n.kind === 'bot') {
      // The header's bot chats open their modal on this chat (features/concierge/chats, ?bot_chat=).
      const next = new URLSearchParams(window.location.search);
      next.set('bot_chat', relation ?? '');
      void navigate({ pathname: window.location.pathname, search: `?${next}` });
    } else if (n.kind === 'billing') {
      void navigate(
        pathTo(user?.status_subscription === 'subscribed' ? 'updateSubscription' : 'pageSubscription'),
      );
    }
  }

  return { open, markRead };
}
