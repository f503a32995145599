import { type BotAction, HANDOVER_REPLY, localized } from '@posada/domain/concierge';
import { todayIn } from '@posada/domain/zoned-time';
import type { Said, Turn } from './answering.service.ts';
import type { ChatsRepo } from './chats.repo.ts';
import type { ChatsService } from './chats.service.ts';
import type { ConciergeDeps } from './concierge.deps.ts';
import { allowedRule, notAllowedRule, type PendingOffer, sameUnit } from './policy.ts';
import { formatInstant, formatMoney, replies } from './replies.ts';

type Say = (turn: Turn, said: Said) => Promise<void>;

interface ActionParts {
  repo: ChatsRepo;
  chats: ChatsService;
  say: Say;
  logAction: (turn: Turn, action: BotAction, rule: string, content: string) => Promise<void>;
  bell: (turn: Turn, key: string, body: string) => Promise<void>;
  escalate: (turn: Turn, rule: string, options: { pending: boolean; action?: BotAction }) => Promise<void>;
}

/**
 * What the bot may do on its own (docs/concierge.md, Actions), each only when the operator allows it in
 * bot_settings.allowed_actions and the facts allow it (a released code, an unfinished check-in, a free
 * calendar). Each is logged as an `action` line with the rule that allowed it; anything else is escalated
 * with the reason.
 */
export function createConciergeActions(deps: ConciergeDeps, parts: ActionParts) {
  const { repo, say, logAction, bell, escalate } = parts;

  const setOffer = (turn: Turn, offer: PendingOffer | null) =>
    repo.updateChat(turn.accountId, turn.chat.id, { pendingOffer: offer });

  async function sendDoorCode(turn: Turn) {
    if (!turn.checkin)
      return escalate(turn, 'send_door_code: no check-in for this guest', {
        pending: false,
        action: 'send_door_code',
      });
    const view = await deps.accessCode(turn.accountId, turn.checkin.id);
    if (!('code' in view))
      return escalate(turn, `send_door_code: the code is not released to this guest (${view.waiting})`, {
        pending: false,
        action: 'send_door_code',
      });
    const from = view.valid_from ? formatInstant(view.valid_from, turn.timeZone, turn.language) : null;
    const until = view.valid_until ? formatInstant(view.valid_until, turn.timeZone, turn.language) : null;
    const rule = allowedRule(
      'send_door_code',
      `code released to this guest${view.valid_from ? ` (valid ${view.valid_from} – ${view.valid_until})` : ''}`,
    );
    await logAction(turn, 'send_door_code', rule, 'door code sent');
    await say(turn, {
      text: replies.doorCode(turn.language, view.code, from, until),
      outcome: 'action',
      action: 'send_door_code',
      rule,
    });
  }

  async function resendCheckinLink(turn: Turn) {
    if (!turn.checkin)
      return escalate(turn, 'resend_checkin_link: no check-in for this guest', {
        pending: false,
        action: 'resend_checkin_link',
      });
    if (turn.checkin.status === 'complete')
      return escalate(turn, 'resend_checkin_link: the check-in is already complete', {
        pending: false,
        action: 'resend_checkin_link',
      });
    // A check-in the checkins module cannot give a link for (not planned yet): a person sends it.
    const url = await deps.checkinLink(turn.accountId, turn.checkin.id).catch((error: unknown) => {
      deps.logger.warn({ err: error, checkin: turn.checkin?.id }, 'concierge: no check-in link');
      return null;
    });
    if (!url)
      return escalate(turn, 'resend_checkin_link: the check-in has no link yet', {
        pending: false,
        action: 'resend_checkin_link',
      });
    const rule = allowedRule('resend_checkin_link', `check-in ${turn.checkin.status}`);
    await logAction(turn, 'resend_checkin_link', rule, 'check-in link sent');
    await say(turn, {
      text: replies.checkinLink(turn.language, url),
      outcome: 'action',
      action: 'resend_checkin_link',
      rule,
    });
  }

  async function offerService(turn: Turn, serviceId: string | undefined, intro?: string) {
    const service = serviceId ? await repo.service(turn.accountId, serviceId) : null;
    if (!service?.active || (service.propertyId && service.propertyId !== turn.propertyId))
      return escalate(turn, 'offer_services: no service of the store matched', {
        pending: true,
        action: 'offer_services',
      });
    if (turn.checkin?.status !== 'complete')
      return escalate(turn, 'offer_services: the store opens once the check-in is complete', {
        pending: false,
        action: 'offer_services',
      });
    const title =
      localized(
        { es: service.title.es ?? '', en: service.title.en ?? '', ar: service.title.ar ?? '' },
        turn.language,
      ) || service.name;
    const price = formatMoney(service.price, service.currency, 'es');
    const rule = allowedRule('offer_services', `${service.name} ${price}`);
    await setOffer(turn, {
      kind: 'service',
      serviceId: service.id,
      title,
      price: service.price,
      currency: service.currency,
    });
    await logAction(turn, 'offer_services', rule, `offered ${service.name} (${price})`);
    const offer = replies.offerService(turn.language, title, service.price, service.currency);
    await say(turn, {
      text: intro && intro.trim() !== offer ? `${intro.trim()}\n\n${offer}` : offer,
      outcome: 'action',
      action: 'offer_services',
      source: `service:${service.id}`,
      rule,
    });
  }

  /** Late check-out (nobody arrives in the unit on the departure day) or early check-in (nobody leaves on the arrival day). */
  async function proposeStayChange(turn: Turn, action: 'late_checkout' | 'early_checkin') {
    const booking = turn.bookingId ? await repo.booking(turn.accountId, turn.bookingId) : null;
    if (!booking || booking.status === 'cancelled')
      return escalate(turn, `${action}: no booking for this guest`, { pending: false, action });
    const late = action === 'late_checkout';
    const day = late ? booking.endDate : booking.startDate;
    const others = await repo.staysOn(
      turn.accountId,
      booking.propertyId,
      late ? 'startDate' : 'endDate',
      day,
      booking.id,
    );
    if (others.some((o) => sameUnit(o.roomIds, booking.roomIds)))
      return escalate(turn, `${action}: another stay ${late ? 'arrives' : 'leaves'} on ${day}`, {
        pending: false,
        action,
      });
    const settings = turn.settings;
    const time =
      (late ? settings?.lateCheckoutUntil : settings?.earlyCheckinFrom) ?? (late ? '13:00' : '12:00');
    const price = (late ? settings?.lateCheckoutPrice : settings?.earlyCheckinPrice) ?? 0;
    const rule = allowedRule(
      action,
      `calendar free on ${day}; ${time}, ${formatMoney(price, turn.currency, 'es')}`,
    );
    await setOffer(turn, { kind: action, bookingId: booking.id, day, time, price, currency: turn.currency });
    await logAction(turn, action, rule, `proposed ${action} ${day} ${time}`);
    await say(turn, {
      text: late
        ? replies.lateCheckout(turn.language, time, price, turn.currency)
        : replies.earlyCheckin(turn.language, time, price, turn.currency),
      outcome: 'action',
      action,
      rule,
    });
  }

  async function handover(turn: Turn) {
    const rule = allowedRule('handover');
    await repo.updateChat(turn.accountId, turn.chat.id, {
      pausedAt: deps.clock.now(),
      pausedByUserId: null,
      pendingOffer: null,
    });
    await logAction(turn, 'handover', rule, 'conversation handed to a person');
    await say(turn, { text: HANDOVER_REPLY[turn.language], outcome: 'paused', action: 'handover', rule });
    await bell(turn, 'concierge.notify.handover', turn.text);
  }

  return {
    /** An action the guest asked for: done when allowed and possible, else escalated with the reason. */
    async run(turn: Turn, action: BotAction, serviceId?: string, intro?: string): Promise<void> {
      if (!turn.allowed.includes(action))
        return escalate(turn, notAllowedRule(action), { pending: action === 'offer_services', action });
      switch (action) {
        case 'send_door_code':
          return sendDoorCode(turn);
        case 'resend_checkin_link':
          return resendCheckinLink(turn);
        case 'offer_services':
          return offerService(turn, serviceId, intro);
        case 'late_checkout':
        case 'early_checkin':
          return proposeStayChange(turn, action);
        case 'handover':
          return handover(turn);
      }
    },

    /** The guest's yes or no to the pending proposal. */
    async settleOffer(turn: Turn, offer: PendingOffer, accept: boolean): Promise<void> {
      await setOffer(turn, null);
      const action: BotAction = offer.kind === 'service' ? 'offer_services' : offer.kind;
      if (!accept) {
        await logAction(turn, action, allowedRule(action, 'declined by the guest'), 'declined');
        return say(turn, { text: replies.declined(turn.language), outcome: 'action', action });
      }
      if (!turn.allowed.includes(action))
        return escalate(turn, notAllowedRule(action), { pending: false, action });
      if (offer.kind === 'service') {
        if (!turn.checkin)
          return escalate(turn, 'offer_services: no check-in for this guest', { pending: false, action });
        const today = todayIn(turn.timeZone, deps.clock.now());
        // The service is for today, within the stay (the middle of the three ISO dates).
        const day = [turn.checkin.startDate, today, turn.checkin.endDate].sort()[1] as string;
        try {
          const made = await deps.requestService({
            propertyId: turn.propertyId,
            serviceId: offer.serviceId,
            checkinId: turn.checkin.id,
            serviceDate: day,
            language: turn.language,
            notes: turn.text.slice(0, 500),
          });
          const rule = allowedRule('offer_services', `accepted by the guest; request ${made.requestId}`);
          await logAction(turn, 'offer_services', rule, `requested ${offer.title}`);
          return say(turn, {
            text: replies.serviceRequested(turn.language, offer.title, made.checkoutUrl),
            outcome: 'action',
            action,
            rule,
          });
        } catch (err) {
          const code = (err as { code?: string }).code ?? 'error';
          return escalate(turn, `offer_services: the store refused the request (${code})`, {
            pending: false,
            action,
          });
        }
      }
      const price = formatMoney(offer.price, offer.currency, 'es');
      const rule = allowedRule(
        action,
        `accepted by the guest: ${offer.day} ${offer.time}, ${price}; to confirm by the operator`,
      );
      await logAction(turn, action, rule, `${action} accepted ${offer.day} ${offer.time}`);
      await bell(turn, `concierge.notify.${action}`, `${offer.day} · ${offer.time} · ${price}`);
      return say(turn, { text: replies.accepted(turn.language), outcome: 'action', action, rule });
    },
  };
}
