import {
  type DeliveryChannel,
  type DeliveryPreferencesBody,
  deliveryChannels,
  type GuestDeliveryKind,
  guestDeliveryKinds,
  type MessagingChannels,
} from '@posada/contracts/deliveries';

/**
 * The channel order per guest kind (issue 26, PUT /api/properties/{id}/delivery-preferences): for each kind
 * the channels Posada tries, in order, at least one. Pure: the settings panel edits a copy and saves it.
 */
export type ChannelOrder = Record<GuestDeliveryKind, DeliveryChannel[]>;

/** What Posada tries when a kind has no choice saved: WhatsApp, then SMS, then e-mail. */
export const defaultOrder: readonly DeliveryChannel[] = deliveryChannels;

/** The order of every guest kind from the API's answer (a kind it left out gets the default). */
export function orderOf(preferences: MessagingChannels['preferences']): ChannelOrder {
  const out = {} as ChannelOrder;
  for (const kind of guestDeliveryKinds) {
    const saved = preferences.find((p) => p.kind === kind)?.channels;
    out[kind] = saved ? dedupe(saved) : [...defaultOrder];
  }
  return out;
}

function dedupe(channels: readonly DeliveryChannel[]): DeliveryChannel[] {
  return channels.filter((c, i) => channels.indexOf(c) === i);
}

/** The channel one step earlier (delta -1) or later (+1); at an end nothing moves. */
export function moveChannel(list: readonly DeliveryChannel[], channel: DeliveryChannel, delta: -1 | 1) {
  const from = list.indexOf(channel);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  next[from] = next[to] as DeliveryChannel;
  next[to] = channel;
  return next;
}

/** A channel added at the end (once). */
export function addChannel(list: readonly DeliveryChannel[], channel: DeliveryChannel) {
  return list.includes(channel) ? [...list] : [...list, channel];
}

/** A channel taken out; the last one stays (a kind needs at least one). */
export function removeChannel(list: readonly DeliveryChannel[], channel: DeliveryChannel) {
  return list.length <= 1 ? [...list] : list.filter((c) => c !== channel);
}

/** The channels a kind does not use yet, in the default order. */
export function unusedChannels(list: readonly DeliveryChannel[]): DeliveryChannel[] {
  return defaultOrder.filter((c) => !list.includes(c));
}

/** Kinds that would be refused: no channel at all. */
export function orderErrors(order: ChannelOrder): GuestDeliveryKind[] {
  return guestDeliveryKinds.filter((kind) => order[kind].length === 0);
}

export function sameOrder(a: ChannelOrder, b: ChannelOrder): boolean {
  return guestDeliveryKinds.every((k) => a[k].join() === b[k].join());
}

/**
 * The PUT body: the kinds whose order changed from `saved` (every kind without it), in the contract's order.
 * A kind left alone keeps following the property's confirmation channels until the operator chooses.
 */
export function preferencesBody(order: ChannelOrder, saved?: ChannelOrder): DeliveryPreferencesBody {
  const kinds = guestDeliveryKinds.filter((k) => !saved || order[k].join() !== saved[k].join());
  return { preferences: kinds.map((kind) => ({ kind, channels: [...order[kind]] })) };
}

/**
 * The API's field errors (`preferences.3.channels`: ["…"]) as messages per kind, by the order of the body
 * that was sent, so a refusal marks the kind and keeps what the operator chose.
 */
export function errorsByKind(
  errors: Record<string, string[]>,
  body: DeliveryPreferencesBody,
): Partial<Record<GuestDeliveryKind, string>> {
  const out: Partial<Record<GuestDeliveryKind, string>> = {};
  for (const [field, messages] of Object.entries(errors)) {
    const index = /^preferences\.(\d+)/.exec(field)?.[1];
    const kind = index === undefined ? undefined : body.preferences[Number(index)]?.kind;
    if (kind && messages[0] && !out[kind]) out[kind] = messages[0];
  }
  return out;
}
