import { Text } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import type { TFunction } from 'i18next';
import type { NavigateFunction } from 'react-router';
import { pathTo } from '../config/routes.ts';

/** Ask before signing out (Minimal layout close, leaving the mandatory first property wizard). */
export function confirmLogout(
  t: TFunction,
  navigate: NavigateFunction,
  copy: { title: string; body: string } = {
    title: t('shell:confirmLogout.title'),
    body: t('shell:confirmLogout.body'),
  },
) {
  openConfirmModal({
    title: copy.title,
    centered: true,
    radius: 'lg',
    children: <Text size="sm">{copy.body}</Text>,
    labels: { confirm: t('shell:nav.logout'), cancel: t('common:actions.cancel') },
    confirmProps: { color: 'red' },
    onConfirm: () => void navigate(pathTo('Logout')),
  });
}
