import {
  type DeliveryChannel,
  type DeliveryStatus,
  deliveryChannels,
  type MessageDelivery,
} from '@posada/contracts/deliveries';

/**
 * Pure rules of the message-state UI (issue 26, docs/messaging.md Delivery): how each provider state is
 * drawn, which states mean a provider has the message, and how a message's attempts (a WhatsApp refusal
 * followed by its SMS fallback) become one line "WhatsApp → SMS". No screen says sent before a provider
 * accepted the message: `reachedProvider` is the only test the screens use for it.
 */

/** The glyph of a state: a clock, one tick, two ticks, a warning, or a dash for a channel not tried. */
export type DeliveryGlyph = 'clock' | 'tick' | 'double' | 'warning' | 'skip';

export interface DeliveryVisual {
  glyph: DeliveryGlyph;
  /** Mantine colour of the chip. */
  color: string;
  /** The single tick of `accepted` is faded: the provider has it, nothing left the provider yet. */
  faded: boolean;
  /** A problem the operator should act on (failed, or the channel was not tried). */
  problem: boolean;
}

const visuals: Record<DeliveryStatus, DeliveryVisual> = {
  queued: { glyph: 'clock', color: 'gray', faded: false, problem: false },
  accepted: { glyph: 'tick', color: 'gray', faded: true, problem: false },
  sent: { glyph: 'tick', color: 'teal', faded: false, problem: false },
  delivered: { glyph: 'double', color: 'teal', faded: false, problem: false },
  read: { glyph: 'double', color: 'blue', faded: false, problem: false },
  failed: { glyph: 'warning', color: 'red', faded: false, problem: true },
  skipped: { glyph: 'skip', color: 'gray', faded: false, problem: true },
};

export function deliveryVisual(status: DeliveryStatus): DeliveryVisual {
  return visuals[status];
}

/** The provider took the message (accepted) or reported it further along: only then may a screen say "sent". */
export function reachedProvider(status: DeliveryStatus): boolean {
  return status === 'accepted' || status === 'sent' || status === 'delivered' || status === 'read';
}

/** The message did not get through on this attempt (the operator may resend or copy the link). */
export function isProblem(status: DeliveryStatus): boolean {
  return status === 'failed' || status === 'skipped';
}

/** The instant of the record's current state: read, delivered, accepted or failed, else its last change. */
export function stateTime(
  d: Pick<
    MessageDelivery,
    'status' | 'read_at' | 'delivered_at' | 'accepted_at' | 'failed_at' | 'updated_at' | 'created_at'
  >,
): string {
  switch (d.status) {
    case 'read':
      return d.read_at ?? d.updated_at;
    case 'delivered':
      return d.delivered_at ?? d.updated_at;
    case 'accepted':
      return d.accepted_at ?? d.updated_at;
    case 'failed':
      return d.failed_at ?? d.updated_at;
    case 'queued':
      return d.created_at;
    default:
      return d.updated_at;
  }
}

/** One message as the screens show it: its attempts oldest first (a fallback follows what it replaced). */
export interface DeliveryChain {
  /** The first attempt's id (`message_id` of every attempt). */
  id: string;
  attempts: MessageDelivery[];
  /** The newest attempt: its state is the message's state. */
  current: MessageDelivery;
  /** The channels in the order they were tried (a channel tried twice is listed twice). */
  channels: DeliveryChannel[];
  /** The latest instant of any attempt, for the newest-first order. */
  latest: string;
}

/**
 * Groups records (any order; a record given twice counts once, its latest state) into messages, newest first. Within a message the attempts follow their
 * `previous_id` links; records whose link points outside the list (not loaded) or that have none are
 * ordered by creation time.
 */
export function groupChains(deliveries: readonly MessageDelivery[]): DeliveryChain[] {
  // One record per id: the newest word on it (a later one in the list wins a tie).
  const byId = new Map<string, MessageDelivery>();
  for (const d of deliveries) {
    const known = byId.get(d.id);
    if (!known || d.updated_at >= known.updated_at) byId.set(d.id, d);
  }
  const byMessage = new Map<string, MessageDelivery[]>();
  for (const d of byId.values()) {
    const list = byMessage.get(d.message_id);
    if (list) list.push(d);
    else byMessage.set(d.message_id, [d]);
  }
  const chains: DeliveryChain[] = [];
  for (const [id, records] of byMessage) {
    const attempts = orderAttempts(records);
    const current = attempts[attempts.length - 1] as MessageDelivery;
    // ISO instants sort as text: the newest change of any attempt.
    const latest = attempts.map((a) => a.updated_at).sort()[attempts.length - 1] ?? current.updated_at;
    chains.push({ id, attempts, current, channels: attempts.map((a) => a.channel), latest });
  }
  // Newest first: by the time the message was first written, then by its latest change.
  return chains.sort((a, b) => {
    const first = (b.attempts[0]?.created_at ?? '').localeCompare(a.attempts[0]?.created_at ?? '');
    return first !== 0 ? first : b.latest.localeCompare(a.latest);
  });
}

function orderAttempts(records: MessageDelivery[]): MessageDelivery[] {
  const byCreation = [...records].sort(
    (a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id),
  );
  const ids = new Set(records.map((r) => r.id));
  const next = new Map<string, MessageDelivery>();
  for (const r of records) if (r.previous_id && ids.has(r.previous_id)) next.set(r.previous_id, r);
  const out: MessageDelivery[] = [];
  const seen = new Set<string>();
  // Heads: records nothing in the list replaced (in creation order); each followed by its fallbacks.
  for (const head of byCreation) {
    if (seen.has(head.id) || (head.previous_id && ids.has(head.previous_id))) continue;
    let at: MessageDelivery | undefined = head;
    while (at && !seen.has(at.id)) {
      out.push(at);
      seen.add(at.id);
      at = next.get(at.id);
    }
  }
  // A cycle in bad data: what was left, by creation.
  for (const r of byCreation) if (!seen.has(r.id)) out.push(r);
  return out;
}

/**
 * The channels a message that did not get through may be resent on: the others, first those this message
 * has not already failed or skipped on; when every other channel did, all the others anyway (the answer
 * says why again). Nothing while the message is on its way or arrived.
 */
export function resendChannels(chain: Pick<DeliveryChain, 'attempts' | 'current'>): DeliveryChannel[] {
  if (!isProblem(chain.current.status)) return [];
  const others = deliveryChannels.filter((c) => c !== chain.current.channel);
  const untried = others.filter((c) => !chain.attempts.some((a) => a.channel === c && isProblem(a.status)));
  return untried.length > 0 ? untried : others;
}

/** What a send's answer may say in its headline: where it went and whether a provider has it. */
export type SendOutcome =
  | { kind: 'none' }
  | { kind: 'underway'; channel: DeliveryChannel; status: DeliveryStatus; failedBefore: MessageDelivery[] }
  | { kind: 'queued'; channel: DeliveryChannel; failedBefore: MessageDelivery[] }
  | { kind: 'failed'; channel: DeliveryChannel; reason: string | null; failedBefore: MessageDelivery[] };

/**
 * A send's outcome from its record and (when loaded) the message's other attempts: "sent by WhatsApp" only
 * once a provider accepted it; a fallback keeps what failed before it (with its reason).
 */
export function sendOutcome(
  delivery: MessageDelivery | null,
  others: readonly MessageDelivery[] = [],
): SendOutcome {
  if (!delivery) return { kind: 'none' };
  // The list's copy of the record is newer than the send's answer, whatever its timestamps say (a
  // provider's status carries its own time, which may be earlier than the answer's).
  const mine = others.filter((o) => o.message_id === delivery.message_id);
  const records = mine.some((o) => o.id === delivery.id) ? mine : [delivery, ...mine];
  const chain = groupChains(records).find((c) => c.id === delivery.message_id);
  const attempts = chain?.attempts ?? [delivery];
  // The newest word on the message: a live list may know more than the send's answer.
  const current = chain?.current ?? delivery;
  const failedBefore = attempts.filter((a) => a.id !== current.id && isProblem(a.status));
  if (reachedProvider(current.status))
    return { kind: 'underway', channel: current.channel, status: current.status, failedBefore };
  if (current.status === 'queued') return { kind: 'queued', channel: current.channel, failedBefore };
  return { kind: 'failed', channel: current.channel, reason: current.error_reason, failedBefore };
}
