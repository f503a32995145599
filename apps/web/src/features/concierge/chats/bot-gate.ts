import type { User } from '@posada/contracts/users';
import { botUsable } from '@posada/domain/concierge';

/**
 * The property whose bot chats the header shows, or null: spec 6 bot notifications only with the smart plan,
 * subscribed, and the active property's bot flag (spec 3 botGPT). An account with one property has it active.
 */
export function botChatsProperty(
  user: Pick<User, 'plan' | 'status_subscription' | 'properties' | 'active_property_id' | 'type'>,
): string | null {
  if (user.type !== 'empresa') return null;
  const active =
    user.properties.find((p) => p.id === user.active_property_id) ??
    (user.properties.length === 1 ? user.properties[0] : undefined);
  if (!active) return null;
  const usable = botUsable({
    plan: user.plan,
    status_subscription: user.status_subscription,
    botEnabled: active.botGPT,
  });
  return usable ? active.id : null;
}

/** What a fact source ("fact:wifi") names; a question id is the operator's own answer. */
export function sourceKind(source: string): { fact: string } | { answer: true } {
  return source.startsWith('fact:') ? { fact: source.slice(5) } : { answer: true };
}
