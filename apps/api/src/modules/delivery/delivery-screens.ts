import {
  type ChannelHealth,
  type DeliveryChannel,
  type DeliveryKind,
  type GuestDeliveryKind,
  guestDeliveryKinds,
  type MessageDelivery,
  type MessagingChannels,
  type TemplateReadiness,
} from '@posada/contracts/deliveries';
import { fillTemplate } from '@posada/domain/whatsapp-templates';
import type { Config } from '../../config.ts';
import type { Locale } from '../../i18n/messages.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/sql.ts';
import type { DeliveryDeps, DeliveryService } from './delivery.service.ts';
import { kindRules } from './delivery-kinds.ts';
import { reasonOf, toMessageDelivery } from './delivery-views.ts';

const notFound = () => new AppError('delivery.not_found', 404);
const WEEK_MS = 7 * 24 * 3_600_000;

/**
 * What the screens read of the pipeline: a stay's records, the resend, and per property which channels
 * are really configured and working (last accepted, last failed with its reason), the templates each guest
 * kind would use outside the 24-hour window, and the channels chosen per kind.
 */
export function createDeliveryScreens(
  deps: Pick<DeliveryDeps, 'clock' | 'whatsapp' | 'connections' | 'sms' | 'mail' | 'templates'> & {
    config: Pick<
      Config,
      | 'WHATSAPP_API_URL'
      | 'WHATSAPP_APP_SECRET'
      | 'TWILIO_ACCOUNT_SID'
      | 'TWILIO_AUTH_TOKEN'
      | 'TWILIO_FROM'
      | 'TWILIO_MESSAGING_SERVICE_SID'
      | 'SMTP_URL'
    >;
  },
  service: DeliveryService,
) {
  const { repo } = service;

  async function health(
    accountId: string,
    propertyId: string,
    channel: DeliveryChannel,
    locale: Locale,
    setup: { configured: boolean; missing: string[]; sender: string | null },
  ): Promise<ChannelHealth> {
    const h = await repo.health(
      accountId,
      propertyId,
      channel,
      new Date(deps.clock.now().getTime() - WEEK_MS),
    );
    return {
      channel,
      ...setup,
      last_accepted: h.lastAccepted
        ? {
            at: (h.lastAccepted.acceptedAt ?? h.lastAccepted.updatedAt).toISOString(),
            kind: h.lastAccepted.kind as DeliveryKind,
            to: h.lastAccepted.recipient,
            status: h.lastAccepted.status,
          }
        : null,
      last_failed: h.lastFailed
        ? {
            at: (h.lastFailed.failedAt ?? h.lastFailed.updatedAt).toISOString(),
            kind: h.lastFailed.kind as DeliveryKind,
            to: h.lastFailed.recipient,
            error_code: h.lastFailed.errorCode,
            error_reason: reasonOf(h.lastFailed, locale),
          }
        : null,
      week: h.week,
    };
  }

  async function templates(accountId: string): Promise<TemplateReadiness[]> {
    const connections = deps.connections();
    const names = guestDeliveryKinds.map((kind) => {
      const setting = kindRules[kind].template;
      const name = setting ? deps.templates[setting] : undefined;
      return { kind, name: typeof name === 'string' ? name : '' };
    });
    const states =
      (await connections
        ?.templateStates?.(accountId, names.map((n) => n.name).filter(Boolean))
        .catch(() => [])) ?? [];
    return names.map(({ kind, name }): TemplateReadiness => {
      const rows = states.filter((s) => s.name === name);
      const rule = kindRules[kind];
      const approved = rows.filter((r) => r.status.toLowerCase() === 'approved');
      const usable = approved.filter((r) => rule.categories.includes((r.category ?? '').toUpperCase()));
      const fillable = usable.filter(
        (r) =>
          fillTemplate(
            {
              name: r.name,
              language: r.language,
              category: (r.category ?? '').toUpperCase(),
              parameterFormat: r.parameterFormat ?? 'POSITIONAL',
              body: r.body,
              components: r.components ?? null,
            },
            Object.fromEntries(rule.order.map((k) => [k, k === 'link' ? 'https://posada.example/x' : 'x'])),
            rule.order,
          ).ok,
      );
      const state = !name
        ? 'missing'
        : rows.length === 0
          ? 'missing'
          : approved.length === 0
            ? (rows[0]?.status.toLowerCase() ?? 'missing')
            : usable.length === 0
              ? 'wrong_category'
              : fillable.length === 0
                ? 'unfillable'
                : 'approved';
      return {
        kind,
        name,
        state,
        languages: (fillable.length ? fillable : rows).map((r) => r.language),
        category: (usable[0] ?? rows[0])?.category ?? null,
      };
    });
  }

  return {
    async ofBooking(accountId: string, bookingId: string, locale: Locale): Promise<MessageDelivery[]> {
      const stay = isUuid(bookingId) ? await repo.stay(accountId, bookingId) : null;
      if (!stay) throw notFound();
      return service.ofBooking(accountId, bookingId, stay.checkinIds, locale);
    },

    async ofCheckin(accountId: string, checkinId: string, locale: Locale): Promise<MessageDelivery[]> {
      if (!isUuid(checkinId) || !(await repo.checkinOwned(accountId, checkinId))) throw notFound();
      return service.ofCheckin(accountId, checkinId, locale);
    },

    async resend(accountId: string, id: string, channel: DeliveryChannel, locale: Locale) {
      const { delivery } = await service.resend(accountId, id, channel);
      const row = await repo.byId(delivery.id);
      return row ? toMessageDelivery(row, locale) : delivery;
    },

    async channels(accountId: string, propertyId: string, locale: Locale): Promise<MessagingChannels> {
      if (!isUuid(propertyId)) throw notFound();
      const preferences = await service.preferencesOf(accountId, propertyId).catch((err) => {
        if (err instanceof AppError && err.status === 404) throw notFound();
        throw err;
      });
      const c = deps.config;
      const sender = deps.whatsapp
        ? await deps
            .connections()
            ?.senderFor(accountId)
            .catch(() => null)
        : null;
      const whatsappMissing = [
        ...(['WHATSAPP_API_URL', 'WHATSAPP_APP_SECRET'] as const).filter((k) => !c[k]),
        ...(deps.whatsapp && !sender ? ['whatsapp_not_connected'] : []),
      ];
      const twilioMissing = [
        ...(['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN'] as const).filter((k) => !c[k]),
        ...(!c.TWILIO_FROM && !c.TWILIO_MESSAGING_SERVICE_SID ? ['TWILIO_FROM'] : []),
      ];
      return {
        channels: [
          await health(accountId, propertyId, 'whatsapp', locale, {
            configured: whatsappMissing.length === 0,
            missing: whatsappMissing,
            // The number guests see; 'shared' for the platform's number before the account chose it.
            sender: sender
              ? (sender.displayPhoneNumber ?? (sender.mode === 'shared' ? 'shared' : sender.phoneNumberId))
              : null,
          }),
          await health(accountId, propertyId, 'sms', locale, {
            configured: !!deps.sms,
            missing: deps.sms ? [] : twilioMissing,
            sender: deps.sms?.sender ?? null,
          }),
          await health(accountId, propertyId, 'email', locale, {
            configured: !!deps.mail.transport,
            missing: deps.mail.transport ? [] : ['SMTP_URL'],
            sender: deps.mail.transport ? deps.mail.from : null,
          }),
        ],
        templates: await templates(accountId),
        preferences,
      };
    },

    async savePreferences(
      accountId: string,
      propertyId: string,
      preferences: { kind: GuestDeliveryKind; channels: DeliveryChannel[] }[],
    ) {
      if (!isUuid(propertyId)) throw notFound();
      await service.savePreferences(accountId, propertyId, preferences).catch((err) => {
        if (err instanceof AppError && err.status === 404) throw notFound();
        throw err;
      });
    },
  };
}

export type DeliveryScreens = ReturnType<typeof createDeliveryScreens>;
