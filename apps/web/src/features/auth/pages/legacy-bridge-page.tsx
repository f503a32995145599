import { Alert, Button, Stack, Text, Title, useDirection } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconInfoCircle, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { pathTo } from '../../../config/routes.ts';
import { getStoredUser, getToken } from '../../../lib/session.ts';
import { StandaloneFrame } from '../components/standalone-frame.tsx';

/** Where the legacy application receives the session (a form POST, so the token stays out of URLs). */
const legacyUrl: string | undefined = import.meta.env.VITE_LEGACY_BRIDGE_URL || undefined;

/** spec 2.4 / 4: a user flagged as legacy is handed, with token and user, to the previous application. */
export function LegacyBridgePage() {
  const { t } = useTranslation('auth');
  const { dir } = useDirection();
  const Forward = dir === 'rtl' ? IconArrowLeft : IconArrowRight;
  const token = getToken();
  const user = getStoredUser();
  if (!token || !user) return <Navigate to={pathTo('Login')} replace />;

  return (
    <StandaloneFrame>
      <Stack gap="md">
        <Title order={1} fz={24} ta="center">
          {t('legacy.title')}
        </Title>
        <Text c="dimmed" ta="center">
          {t('legacy.body', { name: user.name })}
        </Text>
        {legacyUrl ? (
          <form method="post" action={legacyUrl}>
            <input type="hidden" name="token" value={token} />
            <input type="hidden" name="user" value={JSON.stringify(user)} />
            <Button type="submit" size="md" fullWidth rightSection={<Forward size={18} />}>
              {t('legacy.continue')}
            </Button>
          </form>
        ) : (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconInfoCircle size={20} />}
            title={t('legacy.notConfiguredTitle')}
          >
            {t('legacy.notConfigured')}
          </Alert>
        )}
        <Button
          component={Link}
          to={pathTo('Logout')}
          variant={legacyUrl ? 'subtle' : 'light'}
          color={legacyUrl ? 'gray' : undefined}
          leftSection={<IconLogout size={18} />}
        >
          {t('legacy.logout')}
        </Button>
      </Stack>
    </StandaloneFrame>
  );
}
