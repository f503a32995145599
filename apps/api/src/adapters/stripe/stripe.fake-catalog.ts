import { bool, type Form, int, list, metadataOf, obj, str } from './stripe.fake-form.ts';
import { FakeStripeError, type FakeStripeStore, invalid, missing, type Obj } from './stripe.fake-store.ts';

// ---- Customers, products, prices, coupons --------------------------------------------------------------

export function createCustomer(store: FakeStripeStore, form: Form, stripeAccount?: string | null): Obj {
  return store.put(
    {
      id: store.id('cus'),
      object: 'customer',
      address: Object.keys(obj(form.address)).length > 0 ? obj(form.address) : null,
      balance: 0,
      created: store.now(),
      currency: null,
      description: str(form.description),
      email: str(form.email),
      invoice_settings: { default_payment_method: str(obj(form.invoice_settings).default_payment_method) },
      livemode: false,
      metadata: metadataOf(form.metadata),
      name: str(form.name),
      phone: str(form.phone),
      preferred_locales: Array.isArray(form.preferred_locales) ? form.preferred_locales : [],
      tax_exempt: 'none',
    },
    stripeAccount,
  );
}

export function updateCustomer(store: FakeStripeStore, id: string, form: Form): Obj {
  const customer = store.get(id, 'customer', 'customer');
  for (const key of ['email', 'name', 'phone', 'description'] as const) {
    if (key in form) customer[key] = str(form[key]);
  }
  if ('address' in form)
    customer.address = Object.keys(obj(form.address)).length > 0 ? obj(form.address) : null;
  if (Array.isArray(form.preferred_locales)) customer.preferred_locales = form.preferred_locales;
  if ('metadata' in form) customer.metadata = metadataOf(form.metadata, customer.metadata);
  const settings = obj(form.invoice_settings);
  if ('default_payment_method' in settings) {
    customer.invoice_settings.default_payment_method = str(settings.default_payment_method);
  }
  return customer;
}

export function createProduct(store: FakeStripeStore, form: Form, stripeAccount?: string | null): Obj {
  const name = str(form.name);
  if (!name) throw missing('name');
  return store.put(
    {
      id: str(form.id) ?? store.id('prod'),
      object: 'product',
      active: bool(form.active) ?? true,
      created: store.now(),
      description: str(form.description),
      livemode: false,
      metadata: metadataOf(form.metadata),
      name,
      updated: store.now(),
    },
    stripeAccount,
  );
}

/** A price from `price` params or inline `price_data` (with `product` or `product_data`). */
export function createPrice(store: FakeStripeStore, form: Form, stripeAccount?: string | null): Obj {
  const currency = str(form.currency);
  if (!currency) throw missing('currency');
  const unitAmount = int(form.unit_amount);
  if (unitAmount === null || unitAmount < 0) throw missing('unit_amount');
  let product = str(form.product);
  if (product) store.get(product, 'product', 'product', 'product');
  else if (str(obj(form.product_data).name))
    product = createProduct(store, obj(form.product_data), stripeAccount).id;
  else throw missing('product');
  const recurringForm = obj(form.recurring);
  const interval = str(recurringForm.interval);
  if (Object.keys(recurringForm).length > 0 && !['day', 'week', 'month', 'year'].includes(interval ?? '')) {
    throw invalid('Invalid recurring[interval]', 'recurring[interval]');
  }
  return store.put(
    {
      id: store.id('price'),
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created: store.now(),
      currency: currency.toLowerCase(),
      livemode: false,
      lookup_key: str(form.lookup_key),
      metadata: metadataOf(form.metadata),
      nickname: str(form.nickname),
      product,
      recurring: interval
        ? {
            interval,
            interval_count: int(recurringForm.interval_count) ?? 1,
            usage_type: 'licensed',
            meter: null,
          }
        : null,
      tax_behavior: str(form.tax_behavior) ?? 'unspecified',
      type: interval ? 'recurring' : 'one_time',
      unit_amount: unitAmount,
      unit_amount_decimal: String(unitAmount),
    },
    stripeAccount,
  );
}

export function createCoupon(store: FakeStripeStore, form: Form, stripeAccount?: string | null): Obj {
  const percentOff = form.percent_off === undefined ? null : Number(form.percent_off);
  const amountOff = int(form.amount_off);
  if (percentOff === null && amountOff === null) throw missing('percent_off');
  if (amountOff !== null && !str(form.currency)) throw missing('currency');
  const duration = str(form.duration) ?? 'once';
  if (!['once', 'repeating', 'forever'].includes(duration)) throw invalid('Invalid duration', 'duration');
  const id = str(form.id) ?? store.id('coupon').slice(7, 15);
  if (store.objects.has(id)) {
    throw new FakeStripeError(
      400,
      'invalid_request_error',
      'Coupon already exists.',
      'resource_already_exists',
      'id',
    );
  }
  return store.put(
    {
      id,
      object: 'coupon',
      amount_off: amountOff,
      created: store.now(),
      currency: str(form.currency)?.toLowerCase() ?? null,
      duration,
      duration_in_months: duration === 'repeating' ? int(form.duration_in_months) : null,
      livemode: false,
      max_redemptions: int(form.max_redemptions),
      metadata: metadataOf(form.metadata),
      name: str(form.name),
      percent_off: percentOff,
      redeem_by: int(form.redeem_by),
      times_redeemed: 0,
      valid: true,
    },
    stripeAccount,
  );
}

/** A saved card for a customer (what paying on a hosted page with "save the card" leaves behind). */
export function savedCard(
  store: FakeStripeStore,
  customer: string | null,
  stripeAccount?: string | null,
): Obj {
  return store.put(
    {
      id: store.id('pm'),
      object: 'payment_method',
      type: 'card',
      billing_details: { email: null, name: null },
      card: {
        brand: 'visa',
        last4: '4242',
        exp_month: 12,
        exp_year: new Date(store.nowMs()).getUTCFullYear() + 3,
      },
      created: store.now(),
      customer,
      livemode: false,
      metadata: {},
    },
    stripeAccount,
  );
}

/** Line items as `{ price, quantity }` with the price objects created from `price_data` when given. */
export function resolveItems(
  store: FakeStripeStore,
  items: unknown,
  param: string,
  stripeAccount?: string | null,
) {
  return list(items).map((raw, i) => {
    const item = obj(raw);
    const quantity = int(item.quantity) ?? 1;
    const priceId = str(item.price);
    if (priceId)
      return { price: store.get(priceId, 'price', 'price', `${param}[${i}][price]`), quantity, form: item };
    const data = obj(item.price_data);
    if (Object.keys(data).length === 0) throw missing(`${param}[${i}][price]`);
    return { price: createPrice(store, data, stripeAccount), quantity, form: item };
  });
}
