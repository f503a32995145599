import { type Locale, type User, userPaths } from '@posada/contracts/users';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from './api.ts';
import { notify } from './notify.ts';
import { getToken, saveUser } from './session.ts';
import { userQueryKey } from './use-session.ts';

/**
 * Switch the interface language: i18next stores the choice locally (detector cache); a signed-in
 * user's choice is also saved on the account so server messages and e-mails follow it.
 */
export function useChangeLanguage() {
  const { i18n, t } = useTranslation();
  const queryClient = useQueryClient();
  return useCallback(
    async (locale: Locale) => {
      if (i18n.resolvedLanguage === locale) return;
      await i18n.changeLanguage(locale);
      notify.success(t('shell:language.changed'));
      if (!getToken()) return;
      try {
        await api.put(userPaths.locale, { locale });
        const user = queryClient.getQueryData<User>(userQueryKey);
        if (user) {
          const updated = { ...user, locale };
          queryClient.setQueryData(userQueryKey, updated);
          saveUser(updated);
        }
      } catch {
        notify.error(t('shell:language.saveError'));
      }
    },
    [i18n, t, queryClient],
  );
}
