import type { User } from '@posada/contracts/users';
import { latestTodayIn } from '@posada/domain/zoned-time';
import { useMemo } from 'react';
import { useCurrentUser } from './use-session.ts';

/** The browser's own zone: "today" only for someone with no property yet. */
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * The operator's "today" (issue 28: the form's today in the property's zone, not the browser's): in the
 * zone of the property at hand, or the latest among the account's properties (an operator in Bogotá with a
 * flat in Madrid has reached Madrid's tomorrow at 18:00), the browser's zone without any.
 */
export function operatorToday(
  user: Pick<User, 'properties'> | null | undefined,
  propertyId?: string | null,
  now: Date = new Date(),
): string {
  const properties = user?.properties ?? [];
  const property = propertyId ? properties.find((p) => p.id === propertyId) : undefined;
  // A session stored before the zone was in the summary has none: the browser's zone stands in.
  const zones = (property ? [property] : properties).map((p) => p.time_zone).filter(Boolean);
  return latestTodayIn(zones, browserZone(), now);
}

/** operatorToday for the signed-in user, computed once per mount (a page open at midnight keeps its day). */
export function useOperatorToday(propertyId?: string | null): string {
  const { data: user } = useCurrentUser();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the day is fixed for the page's life.
  return useMemo(() => operatorToday(user, propertyId), [propertyId]);
}
