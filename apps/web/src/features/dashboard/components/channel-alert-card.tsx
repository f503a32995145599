import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ChannelAlerts, channelsPaths } from '@posada/contracts/channels';
import { IconAlertTriangle, IconArrowRight, IconPlugConnectedX } from '@tabler/icons-react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import shellClasses from '../../../components/shell.module.css';
import { pathTo } from '../../../config/routes.ts';
import { api } from '../../../lib/api.ts';
import { channelBrand } from '../../../lib/channel-brand.ts';
import { ChannelLogo } from '../../../lib/channel-logo.tsx';
import { formatDateTime } from '../../../lib/intl.ts';

/** Checked against the contract at compile time, not imported at run time (the first route's budget, §4). */
const alertsPath: (typeof channelsPaths)['alerts'] = '/api/channel-calendars/alerts';

export const channelAlertsQuery = () =>
  queryOptions({
    queryKey: ['channel-calendars', 'alerts'] as const,
    queryFn: () => api.get<ChannelAlerts>(alertsPath),
    staleTime: 60_000,
    // An account without channels (or without the plan for them) has nothing to show here.
    retry: false,
  });

/**
 * Issue 15 items 2 and 4: channel connections failing for more than 2 hours and overbookings, in red, each
 * linking to where it is fixed (the channels screen; Reservas filtered to the overbookings). Nothing when
 * all is well.
 */
export function ChannelAlertCard() {
  const { t, i18n } = useTranslation(['dashboard', 'calendar']);
  const language = i18n.resolvedLanguage ?? 'es';
  const { data } = useQuery(channelAlertsQuery());
  if (!data || (data.failing.length === 0 && data.overbookings === 0)) return null;
  return (
    <Paper
      withBorder
      p="xl"
      component="section"
      aria-labelledby="channel-alert-title"
      data-testid="channel-alerts"
      style={{ borderColor: 'var(--mantine-color-red-4)' }}
    >
      <Stack gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={44} radius="xl" color="red" variant="light">
            <IconPlugConnectedX size={24} aria-hidden />
          </ThemeIcon>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={2} fz="lg" id="channel-alert-title">
              {t('channelAlerts.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t(data.failing.length > 0 ? 'channelAlerts.hint' : 'channelAlerts.hintOverbooking')}
            </Text>
          </Stack>
        </Group>
        <Stack gap="xs">
          {data.overbookings > 0 ? (
            <Button
              component={Link}
              to={pathTo('Reservas', undefined, { status: 'overbooking' })}
              variant="filled"
              color="red"
              justify="space-between"
              fullWidth
              h="auto"
              py={8}
              leftSection={<IconAlertTriangle size={16} aria-hidden />}
              rightSection={<IconArrowRight size={16} aria-hidden className={shellClasses.mirror} />}
              data-testid="alert-overbookings"
              styles={wrap}
            >
              {t('channelAlerts.overbookings', { count: data.overbookings })}
            </Button>
          ) : null}
          {data.failing.map((c) => {
            const channel = channelBrand[c.channel].brand ?? t(`calendar:channel.${c.channel}`);
            return (
              <Button
                key={c.id}
                component={Link}
                to={pathTo('ChannelConnect')}
                variant="light"
                color="red"
                justify="space-between"
                fullWidth
                h="auto"
                py={8}
                leftSection={<ChannelLogo channel={c.channel} size={20} />}
                rightSection={<IconArrowRight size={16} aria-hidden className={shellClasses.mirror} />}
                data-testid="alert-failing"
                styles={wrap}
              >
                <Stack gap={0} align="flex-start" component="span">
                  <span>{t('channelAlerts.failing', { channel, unit: c.unit_name })}</span>
                  <Text span size="xs" c="red.8" fw={400}>
                    {t('channelAlerts.since', { date: formatDateTime(c.failing_since, language) })}
                    {c.last_error ? ` · ${c.last_error}` : ''}
                  </Text>
                </Stack>
              </Button>
            );
          })}
        </Stack>
        {data.failing.length > 0 ? (
          <Group justify="flex-end">
            <Button component={Link} to={pathTo('ChannelConnect')} variant="subtle" color="red" size="xs">
              {t('channelAlerts.open')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** Long unit names and errors wrap instead of being cut. */
const wrap = {
  label: { whiteSpace: 'normal', textAlign: 'start', lineHeight: 1.3 },
  inner: { justifyContent: 'space-between' },
} as const;
