import type { EventBus } from '../../events/bus.ts';
import type { ExperiencesDeps } from './experiences.deps.ts';
import type { ExperiencesServices } from './experiences.module.ts';
import { createRequestMessages } from './request-messages.ts';

/**
 * The requests' event handlers (docs/events.md, at least once: each reads the request as it is now):
 * a service payment moving its request, the guest's message and the provider's notice.
 */
export function registerRequestEventHandlers(
  bus: EventBus,
  services: ExperiencesServices,
  deps: ExperiencesDeps,
) {
  const messages = createRequestMessages(deps);
  bus.on('guest_payment.changed', 'experiences.request_payment', async (e) => {
    if (e.payload.kind === 'service') await services.requests.paymentChanged(e.payload.payment_id);
  });
  bus.on('service_request.changed', 'experiences.guest_message', async (e) => {
    const { request_id, status, previous_status } = e.payload;
    await messages.guestMessage(e.accountId, request_id, status, previous_status);
  });
  bus.on('service_request.changed', 'experiences.provider_notice', async (e) => {
    if (e.payload.status === 'approved' || e.payload.status === 'paid')
      await messages.providerNotice(e.accountId, e.payload.request_id);
  });
}
