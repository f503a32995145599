import { openConfirmModal } from '@mantine/modals';
import { createElement, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/** Asks before leaving a settings page with unsaved changes (in the app, and on reload or close). */
export function useUnsavedGuard(dirty: boolean) {
  const { t } = useTranslation('settings');
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    openConfirmModal({
      title: t('unsaved.title'),
      centered: true,
      radius: 'lg',
      children: createElement('p', { style: { margin: 0 } }, t('unsaved.body')),
      labels: { confirm: t('unsaved.leave'), cancel: t('unsaved.stay') },
      confirmProps: { color: 'red' },
      onConfirm: () => blocker.proceed?.(),
      onCancel: () => blocker.reset?.(),
      onClose: () => {
        if (blocker.state === 'blocked') blocker.reset?.();
      },
    });
  }, [blocker, t]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
