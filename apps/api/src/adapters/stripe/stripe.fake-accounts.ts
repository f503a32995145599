import { type Form, metadataOf, obj, str } from './stripe.fake-form.ts';
import { type FakeStripeStore, missing, type Obj } from './stripe.fake-store.ts';

/** What a fresh account still has to give (Stripe asks for these before enabling charges). */
export const FRESH_ACCOUNT_DUE = [
  'business_profile.url',
  'external_account',
  'individual.dob.day',
  'individual.first_name',
  'individual.last_name',
  'tos_acceptance.date',
];

const currencyOfCountry = (country: string) =>
  ({ CO: 'cop', MX: 'mxn', US: 'usd', AR: 'ars', CL: 'clp', PE: 'pen', BR: 'brl' })[country] ?? 'eur';

// ---- Connect accounts -------------------------------------------------------------------------------

export function createAccount(store: FakeStripeStore, form: Form): Obj {
  const country = (str(form.country) ?? 'ES').toUpperCase();
  const requested = obj(form.capabilities);
  const capabilities: Obj = {};
  for (const name of Object.keys(requested)) capabilities[name] = 'inactive';
  if (Object.keys(capabilities).length === 0)
    Object.assign(capabilities, { card_payments: 'inactive', transfers: 'inactive' });
  const controller = obj(form.controller);
  const account = store.put({
    id: store.id('acct'),
    object: 'account',
    type: str(form.type) ?? (Object.keys(controller).length > 0 ? 'none' : 'express'),
    business_type: str(form.business_type),
    business_profile: { name: null, url: null, mcc: null, ...obj(form.business_profile) },
    capabilities,
    charges_enabled: false,
    payouts_enabled: false,
    details_submitted: false,
    controller: { type: 'application', is_controller: true, ...controller },
    country,
    created: store.now(),
    default_currency: currencyOfCountry(country),
    email: str(form.email),
    metadata: metadataOf(form.metadata),
    requirements: {
      alternatives: [],
      current_deadline: null,
      currently_due: [...FRESH_ACCOUNT_DUE],
      disabled_reason: null,
      errors: [],
      eventually_due: [...FRESH_ACCOUNT_DUE],
      past_due: [],
      pending_verification: [],
    },
    future_requirements: {
      alternatives: [],
      current_deadline: null,
      currently_due: [],
      disabled_reason: null,
      errors: [],
      eventually_due: [],
      past_due: [],
      pending_verification: [],
    },
    settings: { payouts: { schedule: { interval: 'daily', delay_days: 7 } } },
    tos_acceptance: { date: null },
  });
  return account;
}

/** Onboarding outcomes (hosted page, control endpoint): completes or leaves the account pending review. */
export function finishOnboarding(store: FakeStripeStore, accountId: string, outcome: 'complete' | 'pending') {
  const account = store.get(accountId, 'account', 'account');
  const capabilities: Obj = {};
  for (const name of Object.keys(account.capabilities)) {
    capabilities[name] = outcome === 'complete' ? 'active' : 'pending';
  }
  Object.assign(account, {
    details_submitted: true,
    charges_enabled: outcome === 'complete',
    payouts_enabled: outcome === 'complete',
    capabilities,
    tos_acceptance: { date: store.now() },
  });
  Object.assign(account.requirements, {
    currently_due: [],
    eventually_due: [],
    past_due: [],
    pending_verification: outcome === 'pending' ? ['individual.verification.document'] : [],
    disabled_reason: null,
  });
  store.emit('account.updated', account, { account: account.id });
  return account;
}

/** Control: what Stripe asks now (restricted: currently_due/past_due; rejected.fraud: charges off). */
export function setRequirements(store: FakeStripeStore, accountId: string, body: Obj) {
  const account = store.get(accountId, 'account', 'account');
  const req = account.requirements;
  for (const key of ['currently_due', 'past_due', 'eventually_due', 'pending_verification'] as const) {
    if (Array.isArray(body[key])) req[key] = body[key].map(String);
  }
  if ('disabled_reason' in body) req.disabled_reason = body.disabled_reason ?? null;
  if ('current_deadline' in body) req.current_deadline = body.current_deadline ?? null;
  const rejected = typeof req.disabled_reason === 'string' && req.disabled_reason.startsWith('rejected.');
  const restricted = req.disabled_reason !== null || req.past_due.length > 0;
  account.charges_enabled =
    body.charges_enabled ?? (rejected || restricted ? false : account.charges_enabled);
  account.payouts_enabled =
    body.payouts_enabled ?? (rejected || restricted ? false : account.payouts_enabled);
  if (typeof body.details_submitted === 'boolean') account.details_submitted = body.details_submitted;
  store.emit('account.updated', account, { account: account.id });
  return account;
}

export function createAccountLink(store: FakeStripeStore, form: Form): Obj {
  const accountId = str(form.account);
  if (!accountId) throw missing('account');
  store.get(accountId, 'account', 'account', 'account');
  for (const param of ['refresh_url', 'return_url', 'type'] as const)
    if (!str(form[param])) throw missing(param);
  const link = store.id('link');
  store.links.set(link, {
    account: accountId,
    return_url: str(form.return_url) as string,
    refresh_url: str(form.refresh_url) as string,
    expires_at: store.now() + 300,
    used: false,
  });
  return {
    object: 'account_link',
    created: store.now(),
    expires_at: store.now() + 300,
    url: `${store.base}/onboarding/${accountId}?link=${link}`,
  };
}
