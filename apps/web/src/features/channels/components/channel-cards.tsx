import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { type CalendarChannelName, calendarChannels } from '@posada/contracts/channels';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../config/routes.ts';
import { ChannelLogo } from '../../../lib/channel-logo.tsx';

/** The channels an operator can connect, each with how many connections it has and its connect button. */
export function ChannelCards({
  counts,
  disabled,
}: {
  counts: Record<CalendarChannelName, number> | null;
  disabled: boolean;
}) {
  const { t } = useTranslation('channels');
  return (
    <SimpleGrid cols={{ base: 2, lg: 4 }} spacing={{ base: 'sm', sm: 'md' }}>
      {calendarChannels.map((channel) => {
        const name = t(`names.${channel}`);
        const count = counts?.[channel] ?? 0;
        return (
          <Paper
            key={channel}
            withBorder
            radius="lg"
            p={{ base: 'sm', sm: 'md' }}
            data-testid={`channel-card-${channel}`}
          >
            <Stack gap="sm" h="100%" justify="space-between">
              <Stack gap="xs">
                <Group justify="space-between" wrap="wrap" align="flex-start" gap={6}>
                  <ChannelLogo channel={channel} size={40} />
                  {count > 0 ? (
                    <Badge variant="light" color="green" tt="none" radius="sm" style={{ flexShrink: 0 }}>
                      {t('connectedCount', { count })}
                    </Badge>
                  ) : null}
                </Group>
                <Text fw={700} fz="lg">
                  {name}
                </Text>
                <Text fz={{ base: 'xs', sm: 'sm' }} c="dimmed">
                  {t(`channelHints.${channel}`)}
                </Text>
              </Stack>
              <Button
                component={Link}
                to={pathTo('ChannelConnectOta', { channel })}
                variant={count > 0 ? 'light' : 'filled'}
                leftSection={<IconPlus size={16} aria-hidden />}
                disabled={disabled}
                aria-label={t('connectChannel', { channel: name })}
                onClick={(event) => {
                  if (disabled) event.preventDefault();
                }}
              >
                {t('connect')}
              </Button>
            </Stack>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
