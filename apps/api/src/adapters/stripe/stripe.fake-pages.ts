import { finishOnboarding } from './stripe.fake-accounts.ts';
import { updateSubscription } from './stripe.fake-billing.ts';
import { completeCheckout } from './stripe.fake-checkout.ts';
import type { FakeStripeStore, Obj } from './stripe.fake-store.ts';

/**
 * The fake's hosted pages (plain HTML forms, for Playwright in a real browser): Checkout, Connect
 * onboarding and the billing portal. Each button POSTs back here; the fake applies the outcome, waits
 * until its webhooks are delivered, then redirects (303) where Stripe would.
 */
export interface PageAnswer {
  status: number;
  html?: string;
  location?: string;
}

const esc = (text: unknown) => String(text ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const money = (amount: number, currency: string) => {
  const zeroDecimal = ['jpy', 'clp', 'krw', 'vnd', 'pyg', 'xof'].includes(currency);
  return new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).format(
    zeroDecimal ? amount : amount / 100,
  );
};

const page = (title: string, body: string): PageAnswer => ({
  status: 200,
  html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${esc(title)}</title><style>body{font-family:sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}
button{display:block;margin:.5rem 0;padding:.6rem 1rem;font-size:1rem}.error{color:#b00}</style></head>
<body><h1>${esc(title)}</h1>${body}</body></html>`,
});

const button = (action: string, label: string) =>
  `<form method="post" action="${esc(action)}"><button type="submit">${esc(label)}</button></form>`;

const notFound = (what: string): PageAnswer => ({
  status: 404,
  html: `<!doctype html><p>No such ${esc(what)}.</p>`,
});

function checkoutPage(store: FakeStripeStore, session: Obj, error?: string): PageAnswer {
  const items = store.lineItems.get(session.id) ?? [];
  const concept = items.map((i) => `<li>${esc(i.description)} × ${esc(i.quantity)}</li>`).join('');
  const amount = session.currency ? money(session.amount_total ?? 0, session.currency) : '';
  if (session.status !== 'open') {
    return page('Checkout', `<p id="status">This checkout session is ${esc(session.status)}.</p>`);
  }
  const path = `/checkout/${session.id}`;
  return page(
    'Checkout',
    `<p id="amount" data-amount="${esc(session.amount_total)}">${esc(amount)}</p><ul id="concept">${concept}</ul>
${session.customer_email ? `<p id="email">${esc(session.customer_email)}</p>` : ''}
${error ? `<p class="error" role="alert">${esc(error)}</p>` : ''}
${button(`${path}/pay`, 'Pay')}${button(`${path}/fail`, 'Pay with failing card')}${button(`${path}/cancel`, 'Cancel')}`,
  );
}

/** GET and POST on /checkout, /onboarding, /portal and /invoice; null when the path is not a page. */
export async function servePage(
  store: FakeStripeStore,
  method: string,
  url: URL,
): Promise<PageAnswer | null> {
  const [kind, id, action] = url.pathname.split('/').filter(Boolean);
  if (!id) return null;
  const object = store.objects.get(id);

  if (kind === 'checkout') {
    if (object?.object !== 'checkout.session') return notFound('checkout session');
    if (method === 'GET') return checkoutPage(store, object);
    if (action === 'cancel') return { status: 303, location: object.cancel_url ?? '/' };
    if (object.status !== 'open') return checkoutPage(store, object);
    completeCheckout(store, id, action === 'fail' ? 'failed' : 'paid');
    await store.flush();
    if (object.status === 'open') {
      const intent = object.payment_intent ? store.objects.get(object.payment_intent) : null;
      return checkoutPage(store, object, intent?.last_payment_error?.message ?? 'Your card was declined.');
    }
    return { status: 303, location: String(object.success_url).replace('{CHECKOUT_SESSION_ID}', id) };
  }

  if (kind === 'onboarding') {
    if (object?.object !== 'account') return notFound('account');
    const linkId = url.searchParams.get('link') ?? '';
    const link = store.links.get(linkId);
    if (!link || link.account !== id) return notFound('account link');
    if (link.used || link.expires_at < store.now()) return { status: 303, location: link.refresh_url };
    const query = `?link=${encodeURIComponent(linkId)}`;
    if (method === 'GET') {
      return page(
        'Onboarding',
        `<p id="account">${esc(object.id)} (${esc(object.country)})</p>
${button(`/onboarding/${id}/complete${query}`, 'Complete onboarding')}
${button(`/onboarding/${id}/pending${query}`, 'Submit but pending verification')}
<p><a href="${esc(link.return_url)}">Return without finishing</a></p>`,
      );
    }
    link.used = true;
    finishOnboarding(store, id, action === 'pending' ? 'pending' : 'complete');
    await store.flush();
    return { status: 303, location: link.return_url };
  }

  if (kind === 'portal') {
    if (object?.object !== 'billing_portal.session') return notFound('portal session');
    const subs = [...store.objects.values()].filter(
      (o) => o.object === 'subscription' && o.customer === object.customer && o.status !== 'canceled',
    );
    if (method === 'POST' && action === 'cancel') {
      for (const sub of subs) updateSubscription(store, sub.id, { cancel_at_period_end: 'true' });
      await store.flush();
      return { status: 303, location: `/portal/${id}` };
    }
    const rows = subs
      .map(
        (s) =>
          `<li>${esc(s.id)}: ${esc(s.status)}${s.cancel_at_period_end ? ' (cancels at period end)' : ''}</li>`,
      )
      .join('');
    return page(
      'Billing portal',
      `<ul id="subscriptions">${rows}</ul>${subs.length > 0 ? button(`/portal/${id}/cancel`, 'Cancel plan') : ''}
<p><a href="${esc(object.return_url ?? '/')}">Return</a></p>`,
    );
  }

  if (kind === 'invoice') {
    if (object?.object !== 'invoice') return notFound('invoice');
    return page(
      `Invoice ${object.number}`,
      `<p id="amount">${esc(money(object.total, object.currency))}</p><p id="status">${esc(object.status)}</p>`,
    );
  }
  return null;
}
