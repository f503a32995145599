import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { WhatsAppAccount } from '@posada/contracts/whatsapp';
import {
  IconBrandWhatsapp,
  IconInfoCircle,
  IconPlugConnectedX,
  IconSwitchHorizontal,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { pathTo } from '../../../config/routes.ts';
import { formatDateTime, intlLocale } from '../../../lib/intl.ts';
import { notify } from '../../../lib/notify.ts';
import { useDisconnect } from '../api/whatsapp-api.ts';
import { errorText } from '../lib/error-text.ts';

/** Meta's quality rating → colour and label key. */
export const qualityColor: Record<string, string> = {
  GREEN: 'teal',
  YELLOW: 'yellow',
  RED: 'red',
  UNKNOWN: 'gray',
};

function Fact({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" fw={500} data-testid={testId} component="div">
        {children}
      </Text>
    </Stack>
  );
}

/**
 * spec 4 "Messaging business account: disconnected or connected": the number, its verified name, Meta's
 * quality rating and the daily limit; change the connection, or disconnect after a confirmation.
 */
export function ConnectionCard({ account }: { account: WhatsAppAccount }) {
  const { t, i18n } = useTranslation('whatsapp');
  const language = i18n.resolvedLanguage ?? 'es';
  const disconnect = useDisconnect();

  if (account.status === 'disconnected')
    return (
      <Paper withBorder radius="lg" data-testid="waba-status" data-status="disconnected">
        <EmptyState
          icon={<IconPlugConnectedX size={28} aria-hidden />}
          title={t('connection.disconnectedTitle')}
          description={
            account.disconnected_at
              ? t('connection.disconnectedSince', { date: formatDateTime(account.disconnected_at, language) })
              : t('connection.neverConnected')
          }
          action={
            <Button
              component={Link}
              to={pathTo('wabaIntegration')}
              leftSection={<IconBrandWhatsapp size={18} />}
            >
              {t('connection.connect')}
            </Button>
          }
        />
      </Paper>
    );

  const confirmDisconnect = () =>
    modals.openConfirmModal({
      title: t('connection.confirmTitle'),
      centered: true,
      children: (
        <Text size="sm">
          {t(account.mode === 'own' ? 'connection.confirmOwn' : 'connection.confirmShared')}
        </Text>
      ),
      labels: { confirm: t('connection.disconnect'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        disconnect.mutate(undefined, {
          onSuccess: () => notify.success(t('connection.disconnected')),
          onError: (error) => notify.error(errorText(error, t('errors.action'))),
        }),
    });

  const quality = account.quality_rating in qualityColor ? account.quality_rating : 'UNKNOWN';
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="waba-status" data-status="connected">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={40} radius="xl" variant="light" color="teal">
            <IconBrandWhatsapp size={22} aria-hidden />
          </ThemeIcon>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Title order={3} fz="h5">
                {t(account.mode === 'own' ? 'connection.ownTitle' : 'connection.sharedTitle')}
              </Title>
              <Badge color="teal" variant="light" tt="none">
                {t('connection.connected')}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {t(account.mode === 'own' ? 'connection.ownBody' : 'connection.sharedBody')}
            </Text>
          </Stack>
        </Group>
        {account.shared_by_default ? (
          <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
            {t('connection.sharedDefault')}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <Fact label={t('connection.number')} testId="waba-number">
            <span dir="ltr">{account.display_phone_number ?? t('connection.unknown')}</span>
          </Fact>
          <Fact label={t('connection.name')}>{account.verified_name ?? t('connection.unknown')}</Fact>
          <Fact label={t('connection.quality')} testId="waba-quality">
            <Badge color={qualityColor[quality]} variant="dot" tt="none">
              {t(`quality.${quality}`)}
            </Badge>
          </Fact>
          <Fact label={t('connection.limit')} testId="waba-limit">
            {t('connection.perDay', {
              count: account.messaging_limit,
              formatted: new Intl.NumberFormat(intlLocale(language)).format(account.messaging_limit),
            })}
          </Fact>
        </SimpleGrid>
        {account.connected_at ? (
          <Text size="xs" c="dimmed">
            {t('connection.since', { date: formatDateTime(account.connected_at, language) })}
          </Text>
        ) : null}
        <Group gap="sm">
          <Button
            component={Link}
            to={pathTo('wabaIntegration')}
            variant="default"
            leftSection={<IconSwitchHorizontal size={16} aria-hidden />}
          >
            {t('connection.change')}
          </Button>
          <Button
            color="red"
            variant="light"
            leftSection={<IconPlugConnectedX size={16} aria-hidden />}
            loading={disconnect.isPending}
            onClick={confirmDisconnect}
          >
            {t('connection.disconnect')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
