import { Anchor, Badge, Card, Code, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ChannelHealth } from '@posada/contracts/deliveries';
import { IconPlugConnected } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  DeliveryChannelIcon,
  DeliveryStatusChip,
  DeliveryTime,
  useDeliveryWords,
} from '../../../components/delivery/delivery-status.tsx';
import { pathTo } from '../../../config/routes.ts';
import { formatNumber } from '../../../lib/intl.ts';

/** Account steps the API names among what is missing (the rest are server settings). */
const NOT_CONNECTED = 'whatsapp_not_connected';
/** WhatsApp's sender before the account chose one: the platform's shared number (no number of its own). */
const SHARED_SENDER = 'shared';

/**
 * One channel's truth for this property (issue 26): configured for real or what is missing (the settings'
 * names; for WhatsApp the link to connect it), the sender guests see, the last message a provider accepted
 * and the last that failed with its reason, and the week's counts.
 */
export function ChannelHealthCard({ health }: { health: ChannelHealth }) {
  const words = useDeliveryWords();
  const { t } = words;
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'es';
  const titleId = `channel-health-${health.channel}`;
  const settings = health.missing.filter((m) => m !== NOT_CONNECTED);
  const notConnected = health.missing.includes(NOT_CONNECTED);
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-labelledby={titleId}
      data-testid="channel-health"
      data-channel={health.channel}
      data-configured={health.configured}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap={6} wrap="nowrap">
            <DeliveryChannelIcon channel={health.channel} size={18} />
            <Title order={3} fz="md" id={titleId}>
              {words.channel(health.channel)}
            </Title>
          </Group>
          <Badge
            color={health.configured ? 'teal' : 'gray'}
            variant="light"
            tt="none"
            style={{ flex: 'none' }}
          >
            {t(health.configured ? 'channels.configured' : 'channels.notConfigured')}
          </Badge>
        </Group>

        {notConnected ? (
          <Stack gap={2}>
            <Text size="sm">{t('channels.whatsappNotConnected')}</Text>
            <Anchor component={Link} to={pathTo('wabaIntegrationPage')} size="sm" fw={600}>
              <Group gap={4} component="span" wrap="nowrap">
                <IconPlugConnected size={14} aria-hidden />
                {t('channels.connectWhatsapp')}
              </Group>
            </Anchor>
          </Stack>
        ) : null}
        {settings.length > 0 ? (
          <Text size="sm" c="dimmed" data-testid="channel-missing">
            {t('channels.missingSettings')}{' '}
            {settings.map((name, i) => (
              <span key={name}>
                {i > 0 ? ' ' : null}
                <Code dir="ltr">{name}</Code>
              </span>
            ))}
          </Text>
        ) : null}

        <SimpleGrid type="container" cols={{ base: 1, '560px': 3 }} spacing="md" verticalSpacing="xs">
          {health.sender ? (
            <Text size="sm">
              <Text span c="dimmed" size="sm">
                {t('channels.sender')}:{' '}
              </Text>
              {health.channel === 'whatsapp' && health.sender === SHARED_SENDER ? (
                <Text span size="sm" fw={600} data-testid="channel-sender" data-shared>
                  {t('channels.sharedSender')}
                </Text>
              ) : (
                <Text
                  span
                  size="sm"
                  fw={600}
                  dir="ltr"
                  style={{ unicodeBidi: 'isolate' }}
                  data-testid="channel-sender"
                >
                  {health.sender}
                </Text>
              )}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              {t('channels.sender')}: —
            </Text>
          )}

          <Stack gap={2}>
            <Text size="xs" c="dimmed" fw={600}>
              {t('channels.lastAccepted')}
            </Text>
            {health.last_accepted ? (
              <Group gap={6} wrap="wrap" data-testid="channel-last-accepted">
                <Text size="sm">
                  {t('channels.recordTo', { kind: words.kind(health.last_accepted.kind) })}{' '}
                  <bdi dir="ltr">{health.last_accepted.to}</bdi>
                </Text>
                <DeliveryStatusChip status={health.last_accepted.status} size="xs" />
                <DeliveryTime at={health.last_accepted.at} />
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                {t('channels.nothingYet')}
              </Text>
            )}
          </Stack>

          <Stack gap={2}>
            <Text size="xs" c="dimmed" fw={600}>
              {t('channels.lastFailed')}
            </Text>
            {health.last_failed ? (
              <Stack gap={0} data-testid="channel-last-failed">
                <Group gap={6} wrap="wrap">
                  <Text size="sm">
                    {t('channels.recordTo', { kind: words.kind(health.last_failed.kind) })}{' '}
                    <bdi dir="ltr">{health.last_failed.to}</bdi>
                  </Text>
                  <DeliveryTime at={health.last_failed.at} />
                </Group>
                {health.last_failed.error_reason ? (
                  <Text size="sm" c="red.8">
                    {health.last_failed.error_reason}
                  </Text>
                ) : null}
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                {t('channels.noFailures')}
              </Text>
            )}
          </Stack>
        </SimpleGrid>

        <Group gap="md" data-testid="channel-week">
          <Text size="xs" c="dimmed" fw={600}>
            {t('channels.week')}
          </Text>
          <Text size="sm">
            <Text span fw={700} c="teal.8">
              {formatNumber(health.week.accepted, language)}
            </Text>{' '}
            {t('channels.weekAccepted')}
          </Text>
          <Text size="sm">
            <Text span fw={700} c={health.week.failed > 0 ? 'red.8' : undefined}>
              {formatNumber(health.week.failed, language)}
            </Text>{' '}
            {t('channels.weekFailed')}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
