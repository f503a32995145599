import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../../lib/jobs.ts';
import { type ApiModule, bindRoutes } from '../../lib/module.ts';
import { whatsappWebhooksRoutes } from './whatsapp-webhooks.routes.ts';
import {
  createWhatsAppWebhooksService,
  mediaRetryJob,
  type WhatsAppWebhooksService,
} from './whatsapp-webhooks.service.ts';

export const whatsappWebhooksSweepJob = 'whatsapp-webhooks.sweep';
const SWEEP_INTERVAL_MS = 60_000;

/**
 * Meta's WhatsApp webhook (issue 17, docs/messaging.md Webhooks): owns whatsapp_webhook_events. Deliveries are
 * answered once stored and applied right after; the sweep job applies what a crash or a failure left, and the
 * media job downloads again what failed the first time.
 */
export function createWhatsAppWebhooksModule(
  deps: Parameters<typeof createWhatsAppWebhooksService>[0] & { jobs: Jobs; logger: FastifyBaseLogger },
): ApiModule<WhatsAppWebhooksService> {
  const service = createWhatsAppWebhooksService(deps);
  const { jobs, logger } = deps;
  return {
    name: 'whatsapp-webhooks',
    service,
    routes: bindRoutes(whatsappWebhooksRoutes, { service }),
    jobs: async ({ recurring }) => {
      await jobs.work<{ accountId: string; messageId: string; mediaId: string }>(mediaRetryJob, (data, job) =>
        service.retryMedia(data, job.isLastAttempt),
      );
      await jobs.every(
        whatsappWebhooksSweepJob,
        SWEEP_INTERVAL_MS,
        async () => {
          const n = await service.processPending();
          if (n > 0) logger.info({ count: n }, 'whatsapp: pending webhook deliveries applied');
        },
        { recurring },
      );
    },
  };
}
