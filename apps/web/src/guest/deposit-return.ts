import type { GuestCheckinSummary, StartCheckinData } from '@posada/contracts/guest-checkin';

/**
 * The check-in lives in memory (spec 2.4: a reload starts again), but paying the deposit leaves for Stripe
 * Checkout and comes back: what the flow needs to resume at its deposit step is kept in this tab's
 * sessionStorage for the trip (the session token lasts two hours), and removed once read.
 */
export interface DepositTrip {
  session: string;
  info: StartCheckinData;
  checkin: GuestCheckinSummary | null;
  steps: string[];
}

const key = (propertyId: string) => `posada.checkin.deposit.${propertyId}`;

export function saveDepositTrip(propertyId: string, trip: DepositTrip) {
  try {
    sessionStorage.setItem(key(propertyId), JSON.stringify(trip));
  } catch {
    // Private mode without storage: the guest starts again after paying (the hold is kept).
  }
}

/** The trip saved before Checkout, when the page was opened by Checkout's return (`?deposit=`). */
export function takeDepositTrip(propertyId: string): (DepositTrip & { back: 'return' | 'cancel' }) | null {
  const back = new URLSearchParams(location.search).get('deposit');
  if (back !== 'return' && back !== 'cancel') return null;
  try {
    const raw = sessionStorage.getItem(key(propertyId));
    sessionStorage.removeItem(key(propertyId));
    if (!raw) return null;
    const trip = JSON.parse(raw) as DepositTrip;
    return trip.session ? { ...trip, back } : null;
  } catch {
    return null;
  }
}
