import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { authPaths } from '@posada/contracts/auth';
import type { User } from '@posada/contracts/users';
import { IconMailCheck, IconMailExclamation, IconSend } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';

/** Whether the e-mail is confirmed; if not, the confirmation e-mail can be sent again (spec 4 Account). */
export function EmailCard({ user }: { user: Pick<User, 'email' | 'email_verified'> }) {
  const { t } = useTranslation('dashboard');
  const resend = useMutation({
    mutationFn: () => api.post<{ message?: string }>(authPaths.resendConfirmation, { email: user.email }),
    onSuccess: (data) => notify.success(data?.message || t('email.resent', { email: user.email })),
    onError: (error) => notify.error(error instanceof ApiError ? error.message : t('email.resendError')),
  });
  const verified = user.email_verified;
  return (
    <Paper withBorder p="xl" h="100%" component="section" aria-labelledby="email-card-title">
      <Stack gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={44} radius="xl" variant="light" color={verified ? 'teal' : 'orange'}>
            {verified ? (
              <IconMailCheck size={24} aria-hidden />
            ) : (
              <IconMailExclamation size={24} aria-hidden />
            )}
          </ThemeIcon>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={2} fz="lg" id="email-card-title">
              {verified ? t('email.verifiedTitle') : t('email.unverifiedTitle')}
            </Title>
            <Text size="sm" fw={600} dir="ltr" ta="start" style={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Text>
            <Text size="sm" c="dimmed">
              {verified ? t('email.verifiedText') : t('email.unverifiedText')}
            </Text>
          </Stack>
        </Group>
        {!verified && (
          <Group>
            <Button
              variant="light"
              leftSection={<IconSend size={16} aria-hidden />}
              loading={resend.isPending}
              onClick={() => resend.mutate()}
            >
              {t('email.resend')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
