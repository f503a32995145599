import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import i18n from '../lib/i18n.ts';

/** Confirmation before anything destructive (ARCHITECTURE §4). */
export function confirmDelete(opts: { title: string; body: string; confirm: string; onConfirm: () => void }) {
  modals.openConfirmModal({
    title: opts.title,
    centered: true,
    children: <Text size="sm">{opts.body}</Text>,
    labels: { confirm: opts.confirm, cancel: i18n.t('common:actions.cancel') },
    confirmProps: { color: 'red' },
    onConfirm: opts.onConfirm,
  });
}
