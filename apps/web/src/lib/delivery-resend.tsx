import type { DeliveryChannel, MessageDelivery } from '@posada/contracts/deliveries';
import { type ComponentType, createContext, type ReactNode, useContext } from 'react';

/** A message that did not get through, offered again on other channels. */
export interface DeliveryResendProps {
  /** The delivery record to resend (POST /api/deliveries/{id}/resend). */
  deliveryId: string;
  /** The channels offered, in order (one "Reenviar por …" button each); nothing is drawn when empty. */
  channels: readonly DeliveryChannel[];
  /** Who gets it again, as the confirmation names them. */
  recipientName: string;
  /** What is sent again ("Enlace de check-in"); without it the dialog says "this message". */
  what?: string | null;
  /** The message's text, quoted in the confirmation. */
  preview?: string | null;
  /** Told once the API answered with the new record (its real state is already in the toast). */
  onResent?: (record: MessageDelivery) => void;
  /** compact-xs inside a message bubble; compact-sm elsewhere. */
  size?: 'compact-xs' | 'compact-sm';
}

/**
 * "Reenviar por …" with its confirmation and the toast that tells the new record's real state (issue 26).
 * The deliveries feature draws it and app/ composes it (app/providers.tsx), so the inbox offers the same
 * resend as a stay's messages without importing another feature.
 */
const DeliveryResendContext = createContext<ComponentType<DeliveryResendProps> | null>(null);

export function DeliveryResendProvider({
  value,
  children,
}: {
  value: ComponentType<DeliveryResendProps>;
  children: ReactNode;
}) {
  return <DeliveryResendContext.Provider value={value}>{children}</DeliveryResendContext.Provider>;
}

export function DeliveryResend(props: DeliveryResendProps) {
  const Buttons = useContext(DeliveryResendContext);
  if (!Buttons) throw new Error('DeliveryResendProvider is missing (app/providers.tsx composes it)');
  return <Buttons {...props} />;
}
