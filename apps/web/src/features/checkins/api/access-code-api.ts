import type { CheckinAccessCode } from '@posada/contracts/smart-locks';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { checkinsKeys } from './checkins-api.ts';

/** GET /api/checkins/{id}/access-code: the door code's state (masked until released) and its release log. */
export const accessCodeQuery = (checkinId: string) =>
  queryOptions({
    queryKey: [...checkinsKeys.detail(checkinId), 'access-code'] as const,
    queryFn: () => api.get<CheckinAccessCode>(`/api/checkins/${checkinId}/access-code`),
  });

/** POST /api/checkins/{id}/access-code/release { reason }: by hand, logged. */
export const releaseAccessCode = (checkinId: string, reason: string) =>
  api.post<CheckinAccessCode>(`/api/checkins/${checkinId}/access-code/release`, { reason });
