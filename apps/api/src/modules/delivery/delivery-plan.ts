import type { DeliveryChannel } from '@posada/contracts/deliveries';
import { guestDeliveryKinds } from '@posada/contracts/deliveries';
import { fillTemplate, oneLine } from '@posada/domain/whatsapp-templates';
import type { WhatsAppSender } from '../../adapters/whatsapp/types.ts';
import type { DeliveryContent } from '../../db/schema/deliveries.ts';
import { type Locale, locales } from '../../i18n/messages.ts';
import { AppError } from '../../lib/errors.ts';
import type { DeliveryRepo } from './delivery.repo.ts';
import type { DeliveryRequest, DeliveryThread } from './delivery.types.ts';
import type { DeliveryDeps } from './delivery-deps.ts';
import { defaultChannels, type KindRule } from './delivery-kinds.ts';

/** Free text only while the window has this much left (whatsapp-cloud-api.md §3: judge at send time, with a margin). */
const WINDOW_MS = 24 * 3_600_000;
const WINDOW_MARGIN_MS = 15 * 60_000;

export const digitsOf = (phone: string | null | undefined) => (phone ?? '').replace(/\D/g, '');
export const asLocale = (language: string | null | undefined): Locale =>
  (locales as readonly string[]).includes(language ?? '') ? (language as Locale) : 'es';

/** One channel's plan for a message: what to hand the provider, or why it is not tried. */
export type Plan =
  | { channel: DeliveryChannel; recipient: string; content: DeliveryContent }
  | { channel: DeliveryChannel; recipient: string; skip: string };

/**
 * Choosing the channel (docs/messaging.md, Delivery): the order of the channels, and for each whether it can
 * take the message now and with what content (free text, an approved template filled exactly, an e-mail), or
 * why it is skipped.
 */
export function createPlanner(deps: DeliveryDeps, repo: DeliveryRepo) {
  const { clock } = deps;

  async function channelsFor(request: DeliveryRequest): Promise<DeliveryChannel[]> {
    if (request.channels?.length) return [...new Set(request.channels)];
    const order = await preferredChannels(request);
    return request.firstChannel ? [...new Set([request.firstChannel, ...order])] : order;
  }

  async function preferredChannels(request: DeliveryRequest): Promise<DeliveryChannel[]> {
    const kind = request.kind;
    if (request.propertyId && (guestDeliveryKinds as readonly string[]).includes(kind)) {
      const chosen = (await repo.preferences(request.propertyId)).find((p) => p.kind === kind);
      if (chosen?.channels.length) return chosen.channels;
      const property = await repo.property(request.accountId, request.propertyId);
      const confirmed = property ? (['whatsapp', 'sms', 'email'] as const).filter((c) => property[c]) : [];
      if (confirmed.length) return [...confirmed];
    }
    return [...defaultChannels];
  }

  const windowOpen = (thread: DeliveryThread | null) =>
    !!thread?.lastInboundAt &&
    clock.now().getTime() - thread.lastInboundAt.getTime() < WINDOW_MS - WINDOW_MARGIN_MS;

  async function senderOf(accountId: string, rule: KindRule): Promise<WhatsAppSender | null> {
    if (rule.audience === 'operator') return deps.sharedSender;
    return (
      (await deps
        .connections()
        ?.senderFor(accountId)
        .catch(() => null)) ?? null
    );
  }

  /** The approved template of a kind in the recipient's language (else Spanish), filled; or why not. */
  async function templateContent(
    request: Pick<
      DeliveryRequest,
      'accountId' | 'kind' | 'language' | 'values' | 'link' | 'text' | 'template'
    >,
    rule: KindRule,
  ): Promise<{ template: NonNullable<DeliveryContent['template']>; text: string } | { skip: string }> {
    const connections = deps.connections();
    if (request.template) {
      const t = await connections?.approvedTemplate(
        request.accountId,
        request.template.name,
        request.template.language,
      );
      if (!t) return { skip: 'no_template' };
      return {
        template: { ...request.template, category: (t as { category?: string }).category ?? 'UTILITY' },
        text: request.text,
      };
    }
    const setting = rule.template ? deps.templates[rule.template] : undefined;
    const name = typeof setting === 'string' && setting ? setting : undefined;
    if (!name) return { skip: 'no_template' };
    if (rule.audience === 'operator') {
      // The shared number's notice template (its parameters: the title and the body, one line each).
      const values = request.values ?? {};
      return {
        template: {
          name,
          language: deps.operatorTemplateLanguage,
          category: 'UTILITY',
          bodyParams: [values.title ?? '—', values.body ?? '—'].map(
            (v) => v.replace(/\s+/g, ' ').trim() || '—',
          ),
        },
        text: request.text,
      };
    }
    const language = asLocale(request.language);
    const found =
      (await connections?.approvedTemplate(request.accountId, name, language)) ??
      (language === 'es' ? null : await connections?.approvedTemplate(request.accountId, name, 'es'));
    if (!found) return { skip: 'no_template' };
    const t = found as typeof found & {
      category?: string;
      parameterFormat?: 'POSITIONAL' | 'NAMED';
      components?: Parameters<typeof fillTemplate>[0]['components'];
    };
    const category = (t.category ?? 'UTILITY').toUpperCase();
    if (!rule.categories.includes(category)) return { skip: 'template_wrong_category' };
    const filled = fillTemplate(
      {
        name: t.name,
        language: t.language,
        category,
        parameterFormat: t.parameterFormat ?? 'POSITIONAL',
        body: t.body,
        components: t.components ?? null,
      },
      { ...request.values, ...(request.link ? { link: request.link } : {}) },
      rule.order,
    );
    if (!filled.ok) return { skip: `template_${filled.reason}` };
    // A message sent for its link (a check-in, a review page) is useless without it.
    const carriesLink =
      filled.bodyParams.includes(oneLine(request.link ?? '')) ||
      filled.buttonParams.some((b) => b.subType === 'url');
    if (rule.needsLink && request.link && !carriesLink) return { skip: 'template_link' };
    return {
      template: {
        name: t.name,
        language: t.language,
        category,
        bodyParams: filled.bodyParams,
        ...(filled.bodyNames.length ? { bodyNames: filled.bodyNames } : {}),
        ...(filled.headerParams.length ? { headerParams: filled.headerParams } : {}),
        ...(filled.buttonParams.length ? { buttonParams: filled.buttonParams } : {}),
      },
      text: filled.text,
    };
  }

  async function plan(
    channel: DeliveryChannel,
    request: DeliveryRequest,
    rule: KindRule,
    thread: DeliveryThread | null,
    base: DeliveryContent['request'],
    media: DeliveryContent['media'],
    options: { forceTemplate?: boolean } = {},
  ): Promise<Plan> {
    const phone = digitsOf(base.phone);
    if (channel === 'email') {
      const recipient = base.email ?? '';
      if (!recipient) return { channel, recipient, skip: 'no_address' };
      if (!deps.mail.transport) return { channel, recipient, skip: 'email_not_configured' };
      return {
        channel,
        recipient,
        content: {
          text: base.text,
          subject: base.subject,
          ...(base.html ? { html: base.html } : {}),
          request: base,
        },
      };
    }
    const recipient = phone.length >= 6 ? `+${phone}` : '';
    if (!recipient) return { channel, recipient, skip: 'no_address' };
    if (channel === 'sms') {
      if (!deps.sms) return { channel, recipient, skip: 'sms_not_configured' };
      if (await repo.optedOut('sms', deps.sms.sender, phone, ['all']))
        return { channel, recipient, skip: 'opted_out' };
      return { channel, recipient, content: { text: base.text, request: base } };
    }
    if (!deps.whatsapp) return { channel, recipient, skip: 'whatsapp_not_configured' };
    const sender = await senderOf(request.accountId, rule);
    if (!sender) return { channel, recipient, skip: 'whatsapp_not_connected' };
    const scopes: ('all' | 'marketing')[] = rule.marketing ? ['all', 'marketing'] : ['all'];
    if (await repo.optedOut('whatsapp', sender.phoneNumberId, phone, scopes))
      return { channel, recipient, skip: 'opted_out' };
    if (!request.template && !options.forceTemplate && windowOpen(thread))
      return { channel, recipient, content: { text: base.text, ...(media ? { media } : {}), request: base } };
    if (!request.template && request.refuseOutsideWindow) throw new AppError('inbox.window_closed', 422);
    const filled = await templateContent({ ...request, text: base.text }, rule);
    if ('skip' in filled) return { channel, recipient, skip: filled.skip };
    return { channel, recipient, content: { text: filled.text, template: filled.template, request: base } };
  }

  function baseOf(request: DeliveryRequest): DeliveryContent['request'] {
    return {
      text: request.text,
      ...(request.subject ? { subject: request.subject } : {}),
      ...(request.html ? { html: request.html } : {}),
      ...(request.values ? { values: request.values } : {}),
      phone: request.to.phone ? digitsOf(request.to.phone) || null : null,
      email: request.to.email?.trim().toLowerCase() || null,
      ...(request.template ? { template: request.template } : {}),
      ...(request.refuseOutsideWindow ? { refuseOutsideWindow: true } : {}),
    };
  }

  /** Plans channels in order until one can go; answers the plans written and the channels left after it. */
  async function planChain(
    channels: DeliveryChannel[],
    request: DeliveryRequest,
    rule: KindRule,
    thread: DeliveryThread | null,
    base: DeliveryContent['request'],
    media: DeliveryContent['media'],
    options: { forceTemplate?: boolean; first?: boolean } = {},
  ): Promise<{ plans: Plan[]; rest: DeliveryChannel[] }> {
    const plans: Plan[] = [];
    for (const [i, channel] of channels.entries()) {
      const p = await plan(channel, request, rule, thread, base, media, {
        forceTemplate: i === 0 && options.forceTemplate,
      });
      // A channel without an address for this recipient is not a choice: it is left out silently (a first
      // send with no address at all still writes one record, so the screens can say so).
      if (
        'skip' in p &&
        p.skip === 'no_address' &&
        (!options.first || i < channels.length - 1 || plans.length > 0)
      )
        continue;
      plans.push(p);
      if ('content' in p)
        return { plans, rest: [...new Set(channels.slice(i + 1))].filter((c) => c !== channel) };
    }
    return { plans, rest: [] };
  }

  return { channelsFor, plan, planChain, baseOf, senderOf };
}

export type Planner = ReturnType<typeof createPlanner>;
