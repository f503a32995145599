import { type DeliveryChangedPayload, deliveryChangedEvent } from '@posada/contracts/deliveries';
import { useEffect, useRef } from 'react';
import { useSocket } from './socket-context.ts';

/**
 * Calls `listener` on every `delivery.changed` of the account's room (issue 26): a delivery record was
 * written or a provider moved it. Screens showing a message's state reload what they show.
 */
export function useDeliveryChanged(listener: (payload: DeliveryChangedPayload) => void) {
  const socket = useSocket();
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    if (!socket) return;
    const handler = (payload: DeliveryChangedPayload) => latest.current(payload);
    socket.on(deliveryChangedEvent, handler);
    return () => {
      socket.off(deliveryChangedEvent, handler);
    };
  }, [socket]);
}
