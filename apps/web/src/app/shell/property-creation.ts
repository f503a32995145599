/** spec 9: default progress per wizard step (the bar is progress per step × step, in percent). */
export const PROGRESS_PER_STEP = 14;

export function wizardProgress(step: number, perStep: number = PROGRESS_PER_STEP): number {
  return Math.min(100, Math.max(0, perStep * step));
}

/** spec 2.3: the Back control appears from step 2. */
export function canGoBack(step: number): boolean {
  return step >= 2;
}

/**
 * spec 2.3: exit goes to Dashboard when the user already has a property; otherwise creating the first
 * accommodation is mandatory, so exiting means logging out (after a confirmation).
 */
export function propertyCreationExit(propertyCount: number): 'Dashboard' | 'confirm-logout' {
  return propertyCount > 0 ? 'Dashboard' : 'confirm-logout';
}
