import { type InboxMessageEventPayload, inboxMessageEvent } from '@posada/contracts/inbox';
import type { EventBus } from '../../events/bus.ts';
import type { Clock } from '../../lib/clock.ts';
import { type ApiModule, bindRoutes } from '../../lib/module.ts';
import { inboxRoutes } from './inbox.routes.ts';
import { createInboxService, type InboxCoreService, type InboxDeps } from './inbox.service.ts';
import { inboxEmailRoutes } from './inbox-email.routes.ts';
import { createInboxScreen, type InboxScreenDeps } from './inbox-screen.ts';
import { inboxSmsRoutes } from './inbox-sms.routes.ts';

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
    /** SMS_INBOUND_SECRET: guests' SMS posted by the gateway (POST /api/webhooks/sms-inbound). */
    inboundSmsSecret?: string;
    /** What the inbox screen reads from other modules: the plan, a check-in's link, a released door code. */
    screen: Pick<InboxScreenDeps, 'accounts' | 'checkinLink' | 'accessCode'>;
  },
): ApiModule<InboxCoreService> {
  const service = createInboxService(deps);
  const emit = async (accountId: string, threadId: string, messageId: string) => {
    const [thread, message] = await Promise.all([
      service.thread(accountId, threadId),
      service.message(accountId, messageId),
    ]);
    if (!thread || !message) return;
    const payload: InboxMessageEventPayload = { thread, message };
    deps.realtime().emitToAccount(accountId, inboxMessageEvent, payload);
  };
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
      })(api);
      // Guests' SMS posted by the gateway (docs/messaging.md, Webhooks).
      await bindRoutes(inboxSmsRoutes, {
        inbox: service,
        secret: deps.inboundSmsSecret,
        clock: deps.clock,
      })(api);
      // The inbox screen's routes (inbox.routes.ts): list, thread, composer, read, booking link, media.
      await bindRoutes(inboxRoutes, {
        screen: createInboxScreen({ ...deps, ...deps.screen, inbox: service }),
      })(api);
    },
    eventHandlers: (bus: EventBus) => {
      bus.on('inbox.message_received', 'inbox.realtime', (event) =>
        emit(event.accountId, event.payload.thread_id, event.payload.message_id),
      );
      bus.on('inbox.message_changed', 'inbox.realtime', (event) =>
        emit(event.accountId, event.payload.thread_id, event.payload.message_id),
      );
    },
  };
}
