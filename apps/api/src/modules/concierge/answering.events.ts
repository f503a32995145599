import type { EventBus } from '../../events/bus.ts';
import type { ConciergeServices } from './concierge.module.ts';

/**
 * The concierge's handlers (docs/events.md): `concierge.answer` answers a guest's WhatsApp message (in
 * process, right after the webhook stored it); `concierge.operator` logs an operator's own message in the
 * thread and pauses the bot there (only on the message's first event, `queued`, so a later status of an
 * old message never pauses a chat handed back since).
 */
export function registerConciergeEventHandlers(bus: EventBus, services: ConciergeServices) {
  bus.on('inbox.message_received', 'concierge.answer', async (event) => {
    if (event.payload.channel !== 'whatsapp') return;
    await services.answering.inbound(event.accountId, event.payload.thread_id, event.payload.message_id);
  });
  bus.on('inbox.message_changed', 'concierge.operator', async (event) => {
    if (event.payload.status !== 'queued') return;
    await services.answering.outbound(event.accountId, event.payload.thread_id, event.payload.message_id);
  });
}
