import { Badge, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { authoritiesPaths, RegistrationAlerts } from '@posada/contracts/authorities';
import { IconArrowRight, IconShieldExclamation } from '@tabler/icons-react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import shellClasses from '../../../components/shell.module.css';
import { pathTo } from '../../../config/routes.ts';
import { api } from '../../../lib/api.ts';

/** Checked against the contract at compile time, not imported at run time (the first route's budget, §4). */
const alertsPath: (typeof authoritiesPaths)['alerts'] = '/api/registrations/alerts';

export const registrationAlertsQuery = () =>
  queryOptions({
    queryKey: ['registrations', 'alerts'] as const,
    queryFn: () => api.get<RegistrationAlerts>(alertsPath),
    staleTime: 60_000,
  });

/**
 * Issue 14 item 2: the police registrations that need the operator (rejected, overdue: less than 12 hours
 * of the 24 left, needing action), in red, each linking to the filtered registrations list. Nothing when
 * all is in order (or the account has no authority reporting).
 */
export function RegistrationAlertCard() {
  const { t } = useTranslation('registrations');
  const { data } = useQuery(registrationAlertsQuery());
  if (!data) return null;
  const all: { key: string; count: number; query: Record<string, string> }[] = [
    { key: 'rejected', count: data.rejected, query: { state: 'rejected' } },
    { key: 'overdue', count: data.overdue, query: { overdue: 'true' } },
    { key: 'needsAction', count: data.needs_action, query: { state: 'needs_action' } },
  ];
  const rows = all.filter((r) => r.count > 0);
  if (rows.length === 0) return null;
  return (
    <Paper
      withBorder
      p="xl"
      component="section"
      aria-labelledby="registration-alert-title"
      data-testid="registration-alerts"
      style={{ borderColor: 'var(--mantine-color-red-4)' }}
    >
      <Stack gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={44} radius="xl" color="red" variant="light">
            <IconShieldExclamation size={24} aria-hidden />
          </ThemeIcon>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={2} fz="lg" id="registration-alert-title">
              {t('dashboard.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('dashboard.hint')}
            </Text>
          </Stack>
        </Group>
        <Stack gap="xs">
          {rows.map((row) => (
            <Button
              key={row.key}
              component={Link}
              to={pathTo('registrations', undefined, row.query)}
              variant="light"
              color="red"
              justify="space-between"
              fullWidth
              leftSection={
                <Badge color="red" variant="filled" circle={row.count < 10} data-testid={`alert-${row.key}`}>
                  {row.count}
                </Badge>
              }
              rightSection={<IconArrowRight size={16} aria-hidden className={shellClasses.mirror} />}
            >
              {t(`dashboard.${row.key}`)}
            </Button>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
