import { type UserData, userPaths } from '@posada/contracts/users';
import { queryOptions } from '@tanstack/react-query';
import { userQueryKey } from '../../../app/session.ts';
import { api } from '../../../lib/api.ts';

/** GET /api/user/data: the user and the active property. Under the user key, so switching property refreshes it. */
export const userDataQuery = queryOptions({
  queryKey: [...userQueryKey, 'data'] as const,
  queryFn: () => api.get<UserData>(userPaths.userData),
});
