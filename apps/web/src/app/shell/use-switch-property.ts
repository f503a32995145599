import { type User, userPaths } from '@posada/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { saveUser } from '../../lib/session.ts';
import { userQueryKey } from '../../lib/use-session.ts';

/** Choose the active property (remembered server-side), then refresh everything that hangs on the user. */
export function useSwitchProperty() {
  const queryClient = useQueryClient();
  const { t } = useTranslation('shell');
  return useMutation({
    mutationFn: (propertyId: string) =>
      api.put<unknown>(userPaths.activeProperty, { property_id: propertyId }),
    onSuccess: async (_data, propertyId) => {
      const user = queryClient.getQueryData<User>(userQueryKey);
      if (user) {
        const updated = { ...user, active_property_id: propertyId };
        queryClient.setQueryData(userQueryKey, updated);
        saveUser(updated);
      }
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
      const name = user?.properties.find((p) => p.id === propertyId)?.nombre;
      if (name) notify.success(t('property.switched', { name }));
    },
    onError: (error) => {
      notify.error(error instanceof ApiError ? error.message : t('property.switchError'));
    },
  });
}
