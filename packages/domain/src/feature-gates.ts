import { hasEligiblePlan, type StatusSubscription } from './subscription.ts';

/** spec 6: subscription-gated features. */
export const gatedFeatures = [
  'auto_checkin_messaging',
  'authorities',
  'identity_verification',
  'reviews',
  'cross_selling',
  'smart_locks',
  'guest_charges',
  'chatbot',
  /** Issue 17: the inbox, mass messages and WhatsApp notifications (spec 6: "the messaging module"). */
  'messaging',
] as const;
export type GatedFeature = (typeof gatedFeatures)[number];

/** spec 6: chatbot, smart locks, identity verification and reviews are paid extras. */
export const paidExtras: readonly GatedFeature[] = [
  'messaging',
  'chatbot',
  'smart_locks',
  'identity_verification',
  'reviews',
];

export interface PlanHolder {
  plan: string | null;
  status_subscription: StatusSubscription | null;
  /** Add-ons the account pays for (spec 3 User.servicios). */
  servicios: string[];
}

/**
 * A gated feature needs an eligible plan (demo, standard or smart); a paid extra also needs its add-on,
 * except during the free trial, which shows everything.
 */
export function featureAvailable(user: PlanHolder, feature: GatedFeature): boolean {
  if (!hasEligiblePlan(user)) return false;
  if (!paidExtras.includes(feature)) return true;
  return user.status_subscription === 'demo' || user.servicios.includes(feature);
}

/** spec 6 message, in English; the API and the page translate it into es and ar (issue 13). */
export const FEATURE_UNAVAILABLE_MESSAGE = 'Service not available in your current subscription';
