import type Stripe from 'stripe';

/**
 * The one Stripe adapter (issue 16, docs/payments.md): a thin wrapper over the official `stripe` package
 * pointed at STRIPE_API_BASE (https://api.stripe.com, or the fake in tests). Every method is one Stripe
 * call, with Stripe's own parameter and object types; failures become AdapterError('stripe', kind) and
 * are counted on the integrations page. `stripeAccount` runs a call on a connected account (the
 * `Stripe-Account` header); `idempotencyKey` makes a retried create safe.
 *
 * Modules get `StripeGateway | null`: null when STRIPE_SECRET_KEY is not set, and then every money screen
 * says payments are not configured.
 */
export interface StripeCallOptions {
  idempotencyKey?: string;
  stripeAccount?: string;
}

export interface StripeGateway {
  // Connect: the operator's payments account.
  createAccount(params: Stripe.AccountCreateParams, options?: StripeCallOptions): Promise<Stripe.Account>;
  retrieveAccount(id: string): Promise<Stripe.Account>;
  createAccountLink(params: Stripe.AccountLinkCreateParams): Promise<Stripe.AccountLink>;

  // Checkout: direct bookings, payment links, deposits (payment_intent_data.capture_method=manual) and
  // subscriptions (mode=subscription).
  createCheckoutSession(
    params: Stripe.Checkout.SessionCreateParams,
    options?: StripeCallOptions,
  ): Promise<Stripe.Checkout.Session>;
  retrieveCheckoutSession(id: string, options?: StripeCallOptions): Promise<Stripe.Checkout.Session>;
  expireCheckoutSession(id: string, options?: StripeCallOptions): Promise<Stripe.Checkout.Session>;

  // PaymentIntents: holds (requires_capture), capture, release, off-session charges of a saved card.
  createPaymentIntent(
    params: Stripe.PaymentIntentCreateParams,
    options?: StripeCallOptions,
  ): Promise<Stripe.PaymentIntent>;
  retrievePaymentIntent(id: string, options?: StripeCallOptions): Promise<Stripe.PaymentIntent>;
  capturePaymentIntent(
    id: string,
    params?: Stripe.PaymentIntentCaptureParams,
    options?: StripeCallOptions,
  ): Promise<Stripe.PaymentIntent>;
  cancelPaymentIntent(
    id: string,
    params?: Stripe.PaymentIntentCancelParams,
    options?: StripeCallOptions,
  ): Promise<Stripe.PaymentIntent>;
  createRefund(params: Stripe.RefundCreateParams, options?: StripeCallOptions): Promise<Stripe.Refund>;

  // Billing: the operator's own subscription to Posada (platform account).
  createCustomer(params: Stripe.CustomerCreateParams, options?: StripeCallOptions): Promise<Stripe.Customer>;
  updateCustomer(id: string, params: Stripe.CustomerUpdateParams): Promise<Stripe.Customer>;
  createProduct(params: Stripe.ProductCreateParams, options?: StripeCallOptions): Promise<Stripe.Product>;
  createPrice(params: Stripe.PriceCreateParams, options?: StripeCallOptions): Promise<Stripe.Price>;
  createSubscription(
    params: Stripe.SubscriptionCreateParams,
    options?: StripeCallOptions,
  ): Promise<Stripe.Subscription>;
  retrieveSubscription(id: string): Promise<Stripe.Subscription>;
  updateSubscription(
    id: string,
    params: Stripe.SubscriptionUpdateParams,
    options?: StripeCallOptions,
  ): Promise<Stripe.Subscription>;
  cancelSubscription(id: string, params?: Stripe.SubscriptionCancelParams): Promise<Stripe.Subscription>;
  createInvoicePreview(params: Stripe.InvoiceCreatePreviewParams): Promise<Stripe.Invoice>;
  retrieveInvoice(id: string): Promise<Stripe.Invoice>;
  createCoupon(params: Stripe.CouponCreateParams, options?: StripeCallOptions): Promise<Stripe.Coupon>;
  /** The VAT Stripe charges on the subscription (exclusive tax rate, one per percentage). */
  createTaxRate(params: Stripe.TaxRateCreateParams, options?: StripeCallOptions): Promise<Stripe.TaxRate>;
  createBillingPortalSession(
    params: Stripe.BillingPortal.SessionCreateParams,
  ): Promise<Stripe.BillingPortal.Session>;

  /**
   * Verifies `Stripe-Signature` on the raw body (HMAC-SHA256 of `t.body`, any v1 matches, |now − t| within
   * the tolerance, 300 s by default) and parses the event. Throws AdapterError('stripe', 'rejected').
   */
  verifyWebhook(rawBody: Buffer | string, signatureHeader: string | undefined): Stripe.Event;
}
