import type { User } from '@posada/contracts/users';
import { botActions, botUsable } from '@posada/domain/concierge';

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

/** What a cited source names: a fact ("fact:wifi"), a store service ("service:…") or the operator's own answer. */
export function sourceKind(source: string): { fact: string } | { service: true } | { answer: true } {
  if (source.startsWith('fact:')) return { fact: source.slice(5) };
  if (source.startsWith('service:')) return { service: true };
  return { answer: true };
}

/**
 * Why the bot did or did not act, as the API logs it (apps/api concierge policy.ts, decide.ts, actions.ts,
 * answering.service.ts): `allowed_actions: x; detail`, `not allowed: x`, `x: why it could not`,
 * `no knowledge: engine detail`. The detail is the API's own (English) words: the screen names the rule in
 * the interface language and keeps the detail as a hint.
 */
export type RuleText =
  | { kind: 'allowed'; action: string; detail: string | null }
  | { kind: 'notAllowed'; action: string }
  | { kind: 'actionFailed'; action: string; detail: string | null }
  | { kind: 'reason'; reason: string; detail: string | null }
  | { kind: 'raw'; text: string };

const knownReasons = new Set(['no_knowledge', 'unknown_source', 'empty_answer', 'no_pending_offer']);

export function describeRule(rule: string): RuleText {
  const allowed = /^allowed_actions:\s*([a-z_]+)(?:;\s*(.+))?$/s.exec(rule);
  if (allowed?.[1]) return { kind: 'allowed', action: allowed[1], detail: allowed[2]?.trim() || null };
  const refused = /^(?:not allowed|action_not_allowed):\s*([a-z_]+)$/.exec(rule);
  if (refused?.[1]) return { kind: 'notAllowed', action: refused[1] };
  const prefixed = /^([a-z_ ]+?)(?::\s*(.*))?$/s.exec(rule);
  if (prefixed?.[1]) {
    const key = prefixed[1].trim().replace(/ /g, '_');
    const detail = prefixed[2]?.trim() || null;
    if ((botActions as readonly string[]).includes(key)) return { kind: 'actionFailed', action: key, detail };
    if (knownReasons.has(key)) return { kind: 'reason', reason: key, detail };
  }
  return { kind: 'raw', text: rule };
}
