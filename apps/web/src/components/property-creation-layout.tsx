import { Box, Button, CloseButton, Group, Progress, Text } from '@mantine/core';
import { wizardProgress } from '@posada/domain/property-wizard';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { canGoBack, propertyCreationExit } from '../config/property-creation.ts';
import { pathTo } from '../config/routes.ts';
import { useCurrentUser } from '../lib/use-session.ts';
import { confirmLogout } from './confirm-logout.tsx';
import classes from './shell.module.css';

export interface PropertyCreationLayoutProps {
  step: number;
  total: number;
  onBack: () => void;
  onExit: () => void;
  children?: ReactNode;
}

/**
 * spec 2.3 property creation layout: Back (from step 2), "Paso N de total", an exit control and a
 * progress bar (progress per step × step, 14 by default: packages/domain wizardProgress). The wizard itself lives in its feature.
 */
export function PropertyCreationLayout({
  step,
  total,
  onBack,
  onExit,
  children,
}: PropertyCreationLayoutProps) {
  const { t } = useTranslation(['shell', 'common']);
  const title = t('wizard.stepOf', { step, total });
  return (
    <Box mih="100dvh" bg="var(--mantine-color-gray-0)">
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Box
          h={64}
          px={{ base: 'md', sm: 'xl' }}
          style={{ display: 'grid', gridTemplateColumns: '1fr auto 1fr', alignItems: 'center', gap: 8 }}
        >
          <div>
            {canGoBack(step) && (
              <Button
                variant="subtle"
                color="gray"
                px="xs"
                leftSection={<IconArrowLeft size={18} aria-hidden className={classes.mirror} />}
                onClick={onBack}
              >
                {t('common:actions.back')}
              </Button>
            )}
          </div>
          <Text fw={650} aria-live="polite" style={{ whiteSpace: 'nowrap' }}>
            {title}
          </Text>
          <Group justify="flex-end">
            <CloseButton size="lg" onClick={onExit} aria-label={t('wizard.exit')} />
          </Group>
        </Box>
        <Progress
          value={wizardProgress(step, total)}
          size={4}
          radius={0}
          aria-label={title}
          transitionDuration={250}
        />
      </Box>
      <Box component="main" p={{ base: 'md', sm: 'xl' }} maw={760} mx="auto">
        {children}
      </Box>
    </Box>
  );
}

/** The exit rule of the wizard: to Dashboard with a property, otherwise confirm and log out. */
export function usePropertyCreationExit() {
  const { t } = useTranslation(['shell', 'common']);
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const count = user?.properties.length ?? 0;
  return useCallback(() => {
    if (propertyCreationExit(count) === 'Dashboard') return void navigate(pathTo('Dashboard'));
    confirmLogout(t, navigate, {
      title: t('wizard.mandatoryTitle'),
      body: t('wizard.mandatoryBody'),
    });
  }, [count, navigate, t]);
}
