import type { ApiModule } from '../../lib/module.ts';
import { createMailService, type MailService } from './mail.service.ts';

/** Outgoing e-mail through the outbox (owns email_outbox): no routes, its delivery workers. */
export function createMailModule(deps: Parameters<typeof createMailService>[0]): ApiModule<MailService> {
  const service = createMailService(deps);
  return { name: 'mail', service, jobs: () => service.registerWorkers() };
}
