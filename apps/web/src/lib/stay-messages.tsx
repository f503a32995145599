import { type ComponentType, createContext, type ReactNode, useContext } from 'react';

/** Whose messages: a booking's (its own and its check-ins') or one check-in's. */
export type StayMessagesProps =
  | { bookingId: string; checkinId?: undefined }
  | { checkinId: string; bookingId?: undefined };

/**
 * The "Mensajes" section of a stay (issue 26): every message Posada sent to the guest with the provider's
 * state, resend and copy-link. The deliveries feature draws it and app/ composes it (app/providers.tsx), so
 * reservations and check-ins show it without importing another feature.
 */
const StayMessagesContext = createContext<ComponentType<StayMessagesProps> | null>(null);

export function StayMessagesProvider({
  value,
  children,
}: {
  value: ComponentType<StayMessagesProps>;
  children: ReactNode;
}) {
  return <StayMessagesContext.Provider value={value}>{children}</StayMessagesContext.Provider>;
}

export function StayMessages(props: StayMessagesProps) {
  const Panel = useContext(StayMessagesContext);
  if (!Panel) throw new Error('StayMessagesProvider is missing (app/providers.tsx composes it)');
  return <Panel {...props} />;
}
