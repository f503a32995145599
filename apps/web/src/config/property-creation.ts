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

/**
 * spec 2.3: the root for a user with no property is the first-property wizard, so an empresa without
 * one who lands on Dashboard goes there.
 */
export function needsFirstProperty(user: { type: string; properties: readonly unknown[] }): boolean {
  return user.type === 'empresa' && user.properties.length === 0;
}
