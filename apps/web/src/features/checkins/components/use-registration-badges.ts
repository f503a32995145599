import type { RegistrationBadge } from '@posada/contracts/authorities';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { registrationStatesQuery, registrationsListQuery } from '../api/registrations-api.ts';

export interface RowRegistration {
  state: RegistrationBadge;
  overdue: boolean;
}

/**
 * The registration badge of each row of a check-in list page: one request for the page's states, and the
 * overdue ones (less than 12 hours left) from the registrations list, so those rows turn red.
 */
export function useRegistrationBadges(
  checkinIds: readonly string[],
): (checkinId: string) => RowRegistration | null {
  const states = useQuery(registrationStatesQuery(checkinIds));
  const overdue = useQuery({
    ...registrationsListQuery({ overdue: 'true', page_size: 200 }),
    enabled: checkinIds.length > 0,
    staleTime: 30_000,
  });
  return useMemo(() => {
    const late = new Set((overdue.data?.items ?? []).map((r) => r.checkin_id).filter(Boolean));
    const map = states.data?.states ?? {};
    return (checkinId: string) => {
      const state = map[checkinId];
      if (!state || state === 'none') return null;
      return { state, overdue: late.has(checkinId) };
    };
  }, [states.data, overdue.data]);
}
