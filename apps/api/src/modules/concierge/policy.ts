import { type BotAction, botActions, type ConciergeLanguage, guessLanguage } from '@posada/domain/concierge';
import { normaliseText, tokens } from './engine/normalise.ts';

/**
 * The concierge's policy rules (docs/concierge.md, Actions), pure: what the operator allows, the rule
 * logged with each action, which guest messages the bot answers, a yes or no to its last proposal.
 */

/** bot_settings.allowed_actions; no row: nothing is allowed (everything is escalated). */
export function allowedActions(settings: { allowedActions: readonly string[] } | null): BotAction[] {
  const set = new Set(settings?.allowedActions ?? []);
  return botActions.filter((a) => set.has(a));
}

/** The rule logged with an allowed action: the setting that allowed it, and the fact that made it possible. */
export const allowedRule = (action: BotAction, detail?: string) =>
  `allowed_actions: ${action}${detail ? `; ${detail}` : ''}`;
/** The rule logged when the bot escalates an action the operator has not allowed. */
export const notAllowedRule = (action: BotAction) => `not allowed: ${action}`;

/** A proposal waiting for the guest's yes (bot_chats.pending_offer). */
export type PendingOffer =
  | { kind: 'service'; serviceId: string; title: string; price: number; currency: string }
  | { kind: 'late_checkout'; bookingId: string; day: string; time: string; price: number; currency: string }
  | { kind: 'early_checkin'; bookingId: string; day: string; time: string; price: number; currency: string };

export function pendingOfferOf(value: unknown): PendingOffer | null {
  if (!value || typeof value !== 'object') return null;
  const kind = (value as { kind?: unknown }).kind;
  return kind === 'service' || kind === 'late_checkout' || kind === 'early_checkin'
    ? (value as PendingOffer)
    : null;
}

/**
 * Whether the bot answers a guest message: a text (or a button's title) with words in it. Not a bare
 * number (the review score a guest sends back, answered by the reviews module), not STOP/BAJA (an opt-out),
 * not an emoji, a reaction or a media without a caption.
 */
export function answerable(message: { type: string; body: string }): boolean {
  if (!['text', 'interactive', 'button', 'image'].includes(message.type)) return false;
  const body = message.body.trim();
  if (!/\p{L}/u.test(body)) return false;
  if (/^(stop|baja|unsubscribe|start|alta)$/i.test(body)) return false;
  // A score on a scale ("8 de 10", "9 out of 10", "٨ من ١٠"): the reviews module's.
  if (/^\d+([.,]\d+)?\s*(\/|de|of|out of|sobre|من)\s*\d+$/i.test(normaliseText(body))) return false;
  return true;
}

const THANKS = new Set(
  `gracias muchas mil ok okay vale perfecto genial estupendo thanks thank you thx great perfect cool شكرا جزيلا
   تمام ممتاز`.split(/\s+/),
);
const GREETING = new Set(
  `hola buenas buenos dias tardes noches hi hello hey good morning afternoon evening مرحبا مرحبًا السلام عليكم اهلا
   صباح مساء الخير النور`
    .split(/\s+/)
    .map(normaliseText),
);

/**
 * Small talk the bot does not take for a question: thanks and okays (nothing to answer, no escalation, no
 * bell), and a bare greeting (the bot asks how it can help).
 */
export function smallTalk(text: string): 'thanks' | 'greeting' | null {
  const words = tokens(normaliseText(text));
  if (words.length === 0 || words.length > 5) return null;
  if (words.every((w) => THANKS.has(w))) return 'thanks';
  if (words.every((w) => GREETING.has(w) || THANKS.has(w))) return 'greeting';
  return null;
}

/**
 * The language to answer in: what the text clearly is (Arabic script, English words, Spanish marks), else the check-in's
 * language, else what the text looks like (Spanish by default).
 */
export function replyLanguage(text: string, hint: string | null | undefined): ConciergeLanguage {
  const fromText = guessLanguage(text);
  if (fromText === 'ar' || fromText === 'en') return fromText;
  // Spanish marks (¿ ¡ ñ accents) are as clear.
  if (/[ñáéíóú¿¡]/i.test(text)) return 'es';
  return guessLanguage(text, hint);
}

/** Two stays share a unit: the same property, and (hotels) a room in common or no room chosen. */
export function sameUnit(a: readonly string[], b: readonly string[]): boolean {
  if (a.length === 0 || b.length === 0) return true;
  return a.some((room) => b.includes(room));
}
