import { type FakeStripe, startFakeStripe } from '../adapters/stripe/stripe.fake.ts';
import { buildTestApp, type TestApp } from './test-app.ts';

/**
 * The real app listening on a free port with the stateful Stripe fake pointed at it: one clock for both
 * (session expiries and webhook signatures agree), webhooks delivered to /api/webhooks/stripe, and each
 * delivery awaited until the handlers that run after its answer have finished.
 */
export async function buildStripeTestApp(options: {
  now: Date;
  env?: Record<string, string>;
}): Promise<{ t: TestApp; fake: FakeStripe }> {
  let now = () => options.now.getTime();
  const fake = await startFakeStripe({ now: () => now() });
  const t = await buildTestApp({ env: { ...fake.env, ...options.env }, now: options.now });
  now = () => t.clock.now().getTime();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  fake.setWebhookUrl(`http://127.0.0.1:${port}/api/webhooks/stripe`);
  fake.setAfterDelivery(() => t.app.eventsIdle());
  return { t, fake };
}
