import type { Config } from '../../config.ts';
import type { Jobs } from '../../lib/jobs.ts';
import { type ApiModule, bindRoutes } from '../../lib/module.ts';
import { deliveryRoutes } from './delivery.routes.ts';
import { createDeliveryService, type DeliveryDeps, type DeliveryService } from './delivery.service.ts';
import { createDeliveryScreens } from './delivery-screens.ts';
import { type SmsInboundSink, twilioWebhooksRoutes } from './twilio-webhooks.routes.ts';

export const deliverySweepJob = 'delivery.sweep';
const SWEEP_INTERVAL_MS = 15_000;

/**
 * The delivery pipeline (issue 26, docs/messaging.md Delivery): owns message_deliveries, delivery_preferences
 * and messaging_opt_outs. Every message to a guest, a provider or an operator goes through its `send`; the
 * providers' webhooks move its records; the sweep job makes the retries whose time has come (and first
 * attempts a crash left behind).
 */
export function createDeliveryModule(
  deps: DeliveryDeps & {
    jobs: Jobs;
    config: Parameters<typeof createDeliveryScreens>[0]['config'] & Pick<Config, 'APP_URL'>;
    /** Inbound SMS land in the inbox (bound late). */
    smsInbound: () => SmsInboundSink | null;
  },
): ApiModule<DeliveryService> {
  const service = createDeliveryService(deps);
  const screens = createDeliveryScreens(deps, service);
  const { jobs, logger } = deps;
  return {
    name: 'delivery',
    service,
    routes: async (api) => {
      await bindRoutes(deliveryRoutes, { screens })(api);
      await bindRoutes(twilioWebhooksRoutes, {
        sms: deps.sms,
        appUrl: deps.appUrl,
        clock: deps.clock,
        delivery: service,
        inbound: deps.smsInbound,
      })(api);
    },
    jobs: async ({ recurring }) => {
      await jobs.every(
        deliverySweepJob,
        SWEEP_INTERVAL_MS,
        async () => {
          const n = await service.runDue();
          if (n > 0) logger.info({ count: n }, 'delivery: attempts due were made');
        },
        { recurring },
      );
    },
  };
}
