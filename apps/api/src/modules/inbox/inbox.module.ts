import type { EventBus } from '../../events/bus.ts';
import type { Clock } from '../../lib/clock.ts';
import { type ApiModule, bindRoutes } from '../../lib/module.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import { inboxRoutes } from './inbox.routes.ts';
import { createInboxService, type InboxCoreService, type InboxDeps } from './inbox.service.ts';
import { inboxEmailRoutes } from './inbox-email.routes.ts';
import { createInboxScreen, type InboxScreenDeps } from './inbox-screen.ts';
import { inboxUnroutedRoutes } from './inbox-unrouted.routes.ts';
import { createInboxUnroutedService, type InboxUnroutedService } from './inbox-unrouted.service.ts';

/** The inbox core, and `unrouted`: messages no account could be found for (issue 26, inbox-unrouted.service.ts). */
export type InboxModuleService = InboxCoreService & { unrouted: InboxUnroutedService };

/**
 * The unified inbox (issue 17, docs/messaging.md Inbox): owns inbox_threads and inbox_messages. Its service
 * is what the WhatsApp webhook, broadcasts, review requests and notifications call; its handler turns each
 * stored or changed message into the `inbox.message` socket event of the account's room.
 */
export function createInboxModule(
  deps: InboxDeps & {
    clock: Clock;
    realtime: () => { emitToAccount(accountId: string, event: string, payload: unknown): void };
    inboundEmailSecret?: string;
    /** The delivery pipeline's bounce handling (bound late). */
    bounces: () => { applyBounce(to: string, text: string): Promise<boolean> } | null;
    /** What the inbox screen reads from other modules: the plan, a check-in's link, a released door code. */
    screen: Pick<InboxScreenDeps, 'checkinLink' | 'accessCode'> & {
      /** Also whether an account exists and its name (assigning an unrouted message). */
      accounts: InboxScreenDeps['accounts'] & Pick<AccountsService, 'findAccount'>;
    };
  },
): ApiModule<InboxModuleService> {
  const core = createInboxService(deps);
  const unrouted = createInboxUnroutedService({
    db: deps.db,
    clock: deps.clock,
    logger: deps.logger,
    inbox: core,
    accounts: deps.screen.accounts,
  });
  const service: InboxModuleService = Object.assign(core, { unrouted });
  return {
    name: 'inbox',
    service,
    routes: async (api) => {
      // Replies to our e-mails (docs/messaging.md, Webhooks).
      await bindRoutes(inboxEmailRoutes, {
        inbox: service,
        secret: deps.inboundEmailSecret,
        domain: deps.inboundEmailDomain,
        clock: deps.clock,
        bounces: deps.bounces,
      })(api);
      // The admin back office's unrouted messages (issue 26): list, assign to an account.
      await bindRoutes(inboxUnroutedRoutes, { unrouted })(api);
      // The inbox screen's routes (inbox.routes.ts): list, thread, composer, read, booking link, media.
      await bindRoutes(inboxRoutes, {
        screen: createInboxScreen({ ...deps, ...deps.screen, inbox: service }),
      })(api);
    },
    eventHandlers: (bus: EventBus) => {
      bus.on('inbox.message_received', 'inbox.realtime', (event) =>
        core.deliveryPort.pushLive(event.accountId, event.payload.thread_id, event.payload.message_id),
      );
      bus.on('inbox.message_changed', 'inbox.realtime', (event) =>
        core.deliveryPort.pushLive(event.accountId, event.payload.thread_id, event.payload.message_id),
      );
    },
  };
}
