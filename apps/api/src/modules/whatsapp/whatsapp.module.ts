import { type ApiModule, bindRoutes } from '../../lib/module.ts';
import { whatsappRoutes } from './whatsapp.routes.ts';
import { createWhatsAppService, type WhatsAppDeps } from './whatsapp.service.ts';

/**
 * WhatsApp connection (owns whatsapp_accounts and message_templates; issue 17, docs/messaging.md Connection):
 * the routes, and `service.connections` (WhatsAppConnections) for the webhook, inbox, broadcasts and reviews.
 */
export function createWhatsAppModule(deps: WhatsAppDeps) {
  const service = createWhatsAppService(deps);
  return {
    name: 'whatsapp',
    service,
    routes: bindRoutes(whatsappRoutes, { whatsapp: service }),
  } satisfies ApiModule<typeof service>;
}
