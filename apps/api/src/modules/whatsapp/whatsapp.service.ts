import { randomUUID } from 'node:crypto';
import {
  type EmbeddedSignupBody,
  type EmbeddedSignupStart,
  embeddedSignupBody,
  type MessageTemplate,
  NEW_BUSINESS_DAILY_LIMIT,
  type QuickReplyBody,
  quickReplyBody,
  SHARED_NUMBER_MAX_PLACES,
  type WhatsAppAccount,
} from '@posada/contracts/whatsapp';
import { featureAvailable } from '@posada/domain/feature-gates';
import type { FastifyBaseLogger } from 'fastify';
import { AdapterError } from '../../adapters/adapter-error.ts';
import type { PhoneNumberInfo, WhatsAppGateway, WhatsAppSender } from '../../adapters/whatsapp/types.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { isUuid } from '../../lib/sql.ts';
import type { Tenant } from '../../lib/tenant.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import { whatsappErrors as errors } from './whatsapp.errors.ts';
import { createWhatsAppRepo, type WhatsAppAccountRow } from './whatsapp.repo.ts';
import { createWhatsAppConnections } from './whatsapp-connections.ts';
import { dailyLimitOfTier, templateStatusOf, toTemplate } from './whatsapp-templates.ts';

/** What the secret box seals an own number's token for (bound to the whatsapp_accounts row id). */
export const WHATSAPP_TOKEN_PURPOSE = 'whatsapp.token';
/** What the secret box seals Embedded Signup's state for (bound to the account id). */
const SIGNUP_STATE_PURPOSE = 'whatsapp.signup_state';
const STATE_TTL_MS = 10 * 60 * 1000;
/** The web route Meta's dialog returns to (spec 2.2 waba_integration/embedded-signup). */
export const EMBEDDED_SIGNUP_PATH = '/business/waba_integration/embedded-signup';

export interface WhatsAppSettings {
  appUrl: string;
  apiUrl?: string;
  appId?: string;
  appSecret?: string;
  configId?: string;
  oauthUrl: string;
  /** The platform's shared number (WHATSAPP_PHONE_NUMBER_ID + WHATSAPP_TOKEN). */
  sharedPhoneNumberId?: string;
  sharedToken?: string;
  verifyToken?: string;
}

export interface WhatsAppDeps {
  db: Db;
  clock: Clock;
  secrets: SecretBox;
  gateway: WhatsAppGateway | null;
  accounts: Pick<AccountsService, 'getUser'>;
  settings: WhatsAppSettings;
  logger?: FastifyBaseLogger;
}

export type WhatsAppService = ReturnType<typeof createWhatsAppService>;

export { dailyLimitOfTier, listedStatusOf, templateStatusOf } from './whatsapp-templates.ts';

/**
 * The account's WhatsApp business connection (issue 17, docs/messaging.md Connection): its own number through
 * Embedded Signup (the token sealed, bound to the row), or the platform's shared number for accounts of at
 * most 50 places; its templates and quick replies; and `connections`, what the webhook, inbox, broadcasts and
 * reviews use. Every query is scoped to the caller's account: another account's ids answer 404.
 */
export function createWhatsAppService(deps: WhatsAppDeps) {
  const { clock, secrets, settings } = deps;
  const repo = createWhatsAppRepo({ db: deps.db });

  const signupMissing = () =>
    (
      [
        ['WHATSAPP_API_URL', deps.gateway],
        ['WHATSAPP_APP_ID', settings.appId],
        ['WHATSAPP_APP_SECRET', settings.appSecret],
        ['WHATSAPP_CONFIG_ID', settings.configId],
      ] as const
    )
      .filter(([, value]) => !value)
      .map(([name]) => name);
  const sharedMissing = () =>
    (
      [
        ['WHATSAPP_API_URL', deps.gateway],
        ['WHATSAPP_PHONE_NUMBER_ID', settings.sharedPhoneNumberId],
        ['WHATSAPP_TOKEN', settings.sharedToken],
      ] as const
    )
      .filter(([, value]) => !value)
      .map(([name]) => name);
  const sharedSender = (): WhatsAppSender | null =>
    deps.gateway && settings.sharedPhoneNumberId && settings.sharedToken
      ? { phoneNumberId: settings.sharedPhoneNumberId, token: settings.sharedToken }
      : null;
  const redirectUri = () => `${settings.appUrl}${EMBEDDED_SIGNUP_PATH}`;

  function gateway(): WhatsAppGateway {
    if (!deps.gateway) throw errors.notConfigured(['WHATSAPP_API_URL']);
    return deps.gateway;
  }

  async function assertFeature(tenant: Tenant): Promise<void> {
    const user = await deps.accounts.getUser(tenant.userId);
    if (!featureAvailable(user, 'messaging')) throw errors.featureUnavailable();
  }

  /** A provider call; its AdapterError becomes the coded error a user reads. */
  async function provider<T>(call: () => Promise<T>, refused = errors.signupRefused): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof AdapterError)) throw error;
      deps.logger?.warn({ code: error.code }, 'whatsapp: provider call failed');
      if (error.kind === 'rejected' || error.kind === 'unauthorized') throw refused();
      throw errors.providerFailed();
    }
  }

  const tokenOf = (row: WhatsAppAccountRow): string | null =>
    row.tokenSealed ? secrets.open(row.tokenSealed, WHATSAPP_TOKEN_PURPOSE, row.id) : null;

  async function view(tenant: Tenant): Promise<WhatsAppAccount> {
    const [row, places, user] = await Promise.all([
      repo.findByAccount(tenant.accountId),
      repo.countPlaces(tenant.accountId),
      deps.accounts.getUser(tenant.userId),
    ]);
    const signup = signupMissing();
    const shared = sharedMissing();
    const sharedAllowed = shared.length === 0 && places <= SHARED_NUMBER_MAX_PLACES;
    const sharedByDefault = !row && sharedAllowed;
    const connected = row?.status === 'connected' || sharedByDefault;
    return {
      status: connected ? 'connected' : 'disconnected',
      mode: row?.mode ?? (sharedByDefault ? 'shared' : null),
      shared_by_default: sharedByDefault,
      display_phone_number: row?.displayPhoneNumber ?? null,
      verified_name: row?.verifiedName ?? null,
      quality_rating: row?.qualityRating ?? 'UNKNOWN',
      messaging_limit: row?.messagingLimit ?? NEW_BUSINESS_DAILY_LIMIT,
      connected_at: row && row.status === 'connected' ? row.connectedAt.toISOString() : null,
      disconnected_at: row?.disconnectedAt?.toISOString() ?? null,
      places,
      shared_max_places: SHARED_NUMBER_MAX_PLACES,
      feature_available: featureAvailable(user, 'messaging'),
      embedded_signup: { configured: signup.length === 0, missing: signup },
      shared: { configured: shared.length === 0, missing: shared, allowed: sharedAllowed },
    };
  }

  /** The WABA templates of the account's sender, written over its WhatsApp templates. */
  async function syncTemplatesOf(accountId: string, row: WhatsAppAccountRow | null): Promise<void> {
    const wa = gateway();
    let token: string | null;
    let wabaId: string | null;
    if (row?.mode === 'own' && row.status === 'connected') {
      token = tokenOf(row);
      wabaId = row.wabaId;
    } else {
      const shared = sharedSender();
      token = shared?.token ?? null;
      wabaId = token
        ? ((await provider(() => wa.grantedWabaIds(token as string), errors.providerFailed))[0] ?? null)
        : null;
    }
    if (!token || !wabaId) throw errors.notConnected();
    const found = await provider(
      () => wa.templates(token as string, wabaId as string),
      errors.providerFailed,
    );
    await repo.replaceWhatsAppTemplates(
      accountId,
      found.map((t) => ({
        name: t.name,
        language: t.language,
        category: t.category.toUpperCase(),
        body: t.body,
        status: templateStatusOf(t.status),
        parameterFormat: t.parameterFormat,
        components: t.components,
      })),
      clock.now(),
    );
  }

  /** The shared number's own data (display number, quality, limit); null when Meta does not answer. */
  async function sharedNumberInfo(): Promise<PhoneNumberInfo | null> {
    const shared = sharedSender();
    if (!shared) return null;
    return gateway()
      .phoneNumber(shared.token, shared.phoneNumberId)
      .catch(() => null);
  }

  function sealState(tenant: Tenant): string {
    const payload = JSON.stringify({
      a: tenant.accountId,
      u: tenant.userId,
      e: clock.now().getTime() + STATE_TTL_MS,
    });
    return secrets.seal(payload, SIGNUP_STATE_PURPOSE, tenant.accountId);
  }

  function checkState(tenant: Tenant, state: string): void {
    try {
      const { a, e } = JSON.parse(secrets.open(state, SIGNUP_STATE_PURPOSE, tenant.accountId)) as {
        a: string;
        e: number;
      };
      if (a !== tenant.accountId || e < clock.now().getTime()) throw errors.stateInvalid();
    } catch {
      throw errors.stateInvalid();
    }
  }

  /** An account sending from the shared number: no row or a shared row, connected, at most 50 places. */
  async function onSharedByDefault(accountId: string): Promise<boolean> {
    const row = await repo.findByAccount(accountId);
    if (row?.mode === 'own' || row?.status === 'disconnected' || !sharedSender()) return false;
    return (await repo.countPlaces(accountId)) <= SHARED_NUMBER_MAX_PLACES;
  }

  async function syncShared(accountId: string): Promise<void> {
    const row = await repo.findByAccount(accountId);
    await syncTemplatesOf(accountId, row).catch((error: unknown) => {
      deps.logger?.warn({ err: error }, 'whatsapp: shared templates not synced');
    });
  }

  /** The shared number's WABA (through debug_token on its token), asked once; null when unknown. */
  let sharedWaba: Promise<string | null> | null = null;
  function sharedWabaId(): Promise<string | null> {
    const shared = sharedSender();
    if (!shared || !deps.gateway) return Promise.resolve(null);
    const gateway = deps.gateway;
    sharedWaba ??= gateway
      .grantedWabaIds(shared.token)
      .then((ids) => ids[0] ?? null)
      .catch(() => {
        sharedWaba = null;
        return null;
      });
    return sharedWaba;
  }

  const connections = createWhatsAppConnections({
    repo,
    clock,
    gateway: deps.gateway,
    sharedPhoneNumberId: settings.sharedPhoneNumberId,
    sharedSender,
    tokenOf,
    onSharedByDefault,
    syncShared,
    sharedWabaId,
  });

  return {
    connections,

    /** GET /api/whatsapp/account */
    account: (tenant: Tenant) => view(tenant),

    /** GET /api/whatsapp/embedded-signup/start: Meta's dialog with our app, configuration and a signed state. */
    async embeddedSignupStart(tenant: Tenant): Promise<EmbeddedSignupStart> {
      await assertFeature(tenant);
      const missing = signupMissing();
      if (missing.length) throw errors.notConfigured(missing);
      const url = new URL(settings.oauthUrl);
      url.searchParams.set('client_id', settings.appId ?? '');
      url.searchParams.set('config_id', settings.configId ?? '');
      url.searchParams.set('redirect_uri', redirectUri());
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('override_default_response_type', 'true');
      url.searchParams.set('state', sealState(tenant));
      url.searchParams.set('extras', JSON.stringify({ setup: {}, featureType: '', sessionInfoVersion: '3' }));
      return { url: url.toString(), redirect_uri: redirectUri() };
    },

    /** POST /api/whatsapp/embedded-signup: code → token → WABA → number → subscribe → register → store → templates. */
    async embeddedSignup(tenant: Tenant, input: EmbeddedSignupBody): Promise<WhatsAppAccount> {
      const body = embeddedSignupBody.parse(input);
      await assertFeature(tenant);
      const missing = signupMissing();
      if (missing.length) throw errors.notConfigured(missing);
      checkState(tenant, body.state);
      const wa = gateway();
      const { token } = await provider(() => wa.exchangeCode(body.code, redirectUri()));
      const [wabaId] = await provider(() => wa.grantedWabaIds(token));
      if (!wabaId) throw errors.noBusinessAccount();
      const [phone] = await provider(() => wa.phoneNumbers(token, wabaId));
      if (!phone) throw errors.noPhoneNumber();
      const other = await repo.findConnectedOwnByPhone(phone.id);
      if (other && other.accountId !== tenant.accountId) throw errors.numberInUse();
      await provider(() => wa.subscribeApp(token, wabaId), errors.providerFailed);
      if (body.pin)
        await provider(() => wa.registerNumber(token, phone.id, body.pin as string), errors.registerRefused);
      const existing = await repo.findByAccount(tenant.accountId);
      const id = existing?.id ?? randomUUID();
      const now = clock.now();
      let row: WhatsAppAccountRow;
      try {
        row = await repo.upsert({
          id,
          accountId: tenant.accountId,
          mode: 'own',
          status: 'connected',
          wabaId,
          phoneNumberId: phone.id,
          displayPhoneNumber: phone.displayPhoneNumber,
          verifiedName: phone.verifiedName,
          tokenSealed: secrets.seal(token, WHATSAPP_TOKEN_PURPOSE, id),
          qualityRating: phone.qualityRating,
          messagingLimit: dailyLimitOfTier(phone.messagingLimitTier),
          connectedAt: now,
          disconnectedAt: null,
          updatedAt: now,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw errors.numberInUse();
        throw error;
      }
      await syncTemplatesOf(tenant.accountId, row).catch((error: unknown) => {
        deps.logger?.warn({ err: error }, 'whatsapp: templates not synced after signup');
      });
      return view(tenant);
    },

    /** POST /api/whatsapp/shared: the platform's number, for accounts of at most 50 places (spec 9). */
    async useShared(tenant: Tenant): Promise<WhatsAppAccount> {
      await assertFeature(tenant);
      const missing = sharedMissing();
      if (missing.length) throw errors.notConfigured(missing);
      const places = await repo.countPlaces(tenant.accountId);
      if (places > SHARED_NUMBER_MAX_PLACES) throw errors.sharedOverLimit(places, SHARED_NUMBER_MAX_PLACES);
      const existing = await repo.findByAccount(tenant.accountId);
      if (existing?.mode === 'own' && existing.status === 'connected' && existing.wabaId) {
        const token = tokenOf(existing);
        if (token)
          await gateway()
            .unsubscribeApp(token, existing.wabaId)
            .catch(() => undefined);
      }
      const info = await sharedNumberInfo();
      const now = clock.now();
      const row = await repo.upsert({
        id: existing?.id ?? randomUUID(),
        accountId: tenant.accountId,
        mode: 'shared',
        status: 'connected',
        wabaId: null,
        phoneNumberId: settings.sharedPhoneNumberId ?? null,
        displayPhoneNumber: info?.displayPhoneNumber ?? null,
        verifiedName: info?.verifiedName ?? null,
        tokenSealed: null,
        qualityRating: info?.qualityRating ?? 'UNKNOWN',
        messagingLimit: dailyLimitOfTier(info?.messagingLimitTier),
        connectedAt: now,
        disconnectedAt: null,
        updatedAt: now,
      });
      await syncTemplatesOf(tenant.accountId, row).catch((error: unknown) => {
        deps.logger?.warn({ err: error }, 'whatsapp: shared templates not synced');
      });
      return view(tenant);
    },

    /** POST /api/whatsapp/disconnect: our app stops receiving the WABA's webhooks; nothing is sent any more. */
    async disconnect(tenant: Tenant): Promise<WhatsAppAccount> {
      const existing = await repo.findByAccount(tenant.accountId);
      const now = clock.now();
      if (existing?.status === 'disconnected') return view(tenant);
      if (existing?.mode === 'own' && existing.wabaId) {
        const token = tokenOf(existing);
        if (token) {
          try {
            await gateway().unsubscribeApp(token, existing.wabaId);
          } catch (error) {
            if (!(error instanceof AdapterError)) throw error;
            // A token Meta no longer accepts cannot unsubscribe either: the connection is already gone.
            if (error.kind !== 'unauthorized') throw errors.disconnectFailed();
          }
        }
      }
      // No row yet: the shared number by default is switched off for this account.
      await repo.upsert({
        id: existing?.id ?? randomUUID(),
        accountId: tenant.accountId,
        mode: existing?.mode ?? 'shared',
        status: 'disconnected',
        tokenSealed: null,
        disconnectedAt: now,
        updatedAt: now,
        connectedAt: existing?.connectedAt ?? now,
      });
      return view(tenant);
    },

    /** POST /api/whatsapp/templates/sync */
    async syncTemplates(tenant: Tenant): Promise<MessageTemplate[]> {
      await assertFeature(tenant);
      const row = await repo.findByAccount(tenant.accountId);
      if (row?.status === 'disconnected' || (!row && sharedMissing().length > 0)) throw errors.notConnected();
      await syncTemplatesOf(tenant.accountId, row);
      return (await repo.listTemplates(tenant.accountId, 'whatsapp')).map(toTemplate);
    },

    /** GET /api/whatsapp/templates */
    templates: async (tenant: Tenant) =>
      (await repo.listTemplates(tenant.accountId, 'whatsapp')).map(toTemplate),

    quickReplies: async (tenant: Tenant) =>
      (await repo.listTemplates(tenant.accountId, 'quick_reply')).map(toTemplate),

    async createQuickReply(tenant: Tenant, input: QuickReplyBody): Promise<MessageTemplate> {
      const body = quickReplyBody.parse(input);
      await assertFeature(tenant);
      try {
        return toTemplate(await repo.insertQuickReply(tenant.accountId, body, clock.now()));
      } catch (error) {
        if (isUniqueViolation(error)) throw errors.quickReplyExists();
        throw error;
      }
    },

    async updateQuickReply(tenant: Tenant, id: string, input: QuickReplyBody): Promise<MessageTemplate> {
      const body = quickReplyBody.parse(input);
      if (!isUuid(id)) throw errors.quickReplyNotFound();
      await assertFeature(tenant);
      try {
        const row = await repo.updateQuickReply(tenant.accountId, id, body, clock.now());
        if (!row) throw errors.quickReplyNotFound();
        return toTemplate(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw errors.quickReplyExists();
        throw error;
      }
    },

    async deleteQuickReply(tenant: Tenant, id: string): Promise<void> {
      if (!isUuid(id) || !(await repo.deleteQuickReply(tenant.accountId, id)))
        throw errors.quickReplyNotFound();
    },
  };
}
