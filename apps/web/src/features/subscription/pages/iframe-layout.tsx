import { Box, Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { pathTo } from '../../../config/routes.ts';
import { getToken } from '../../../lib/session.ts';
import { useCurrentUser } from '../../../lib/use-session.ts';

/**
 * spec 2.2 /iframe/invoices and /iframe/select/suscriptions: the same screens without chrome, for embedding
 * (docs/decisions.md). They use the stored session; without one (or not an operator's) a sign-in prompt
 * that opens the login outside the frame.
 */
export function IframeLayout() {
  const { t } = useTranslation('subscription');
  const token = getToken();
  const user = useCurrentUser().data;
  if (!token || (user && user.type !== 'empresa'))
    return (
      <Box p="md">
        <Card withBorder radius="lg" padding="lg" maw={420} mx="auto" data-testid="iframe-sign-in">
          <Stack gap="sm" align="center" ta="center">
            <IconLock size={32} aria-hidden />
            <Title order={1} fz="h4">
              {t('iframe.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('iframe.body')}
            </Text>
            <Button component="a" href={pathTo('Login')} target="_top">
              {t('iframe.signIn')}
            </Button>
          </Stack>
        </Card>
      </Box>
    );
  return (
    <Box p="md">
      <Outlet />
    </Box>
  );
}
