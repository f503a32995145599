import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { AdminSummary } from '@posada/contracts/admin';
import {
  IconBuildingCommunity,
  IconClockExclamation,
  IconHourglassHigh,
  IconId,
  IconInbox,
  IconMailQuestion,
  IconReceipt,
  IconRosetteDiscountCheck,
  IconTag,
  IconUserCog,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { pathTo } from '../../../config/routes.ts';
import { useAdminSummary } from '../api/admin-api.ts';
import { KpiCard, KpiCardSkeleton } from '../components/kpi-card.tsx';
import { formatCount } from '../lib/format.ts';

const kpis: Array<{ key: keyof AdminSummary; icon: ReactNode; color: string }> = [
  { key: 'users_total', icon: <IconUsers size={22} />, color: 'posada' },
  { key: 'users_subscribed', icon: <IconRosetteDiscountCheck size={22} />, color: 'teal' },
  { key: 'users_demo', icon: <IconHourglassHigh size={22} />, color: 'blue' },
  { key: 'users_demo_expired', icon: <IconClockExclamation size={22} />, color: 'orange' },
  { key: 'users_unverified', icon: <IconMailQuestion size={22} />, color: 'yellow' },
  { key: 'properties_total', icon: <IconBuildingCommunity size={22} />, color: 'grape' },
  { key: 'advisors_active', icon: <IconId size={22} />, color: 'cyan' },
  { key: 'registrations_last_30_days', icon: <IconUserPlus size={22} />, color: 'indigo' },
];

/** HomeManager (/manager/home): where an admin lands; the platform at a glance. */
export function HomeManagerPage() {
  const { t, i18n } = useTranslation('admin');
  const summary = useAdminSummary();
  const language = i18n.resolvedLanguage ?? 'es';

  return (
    <Stack gap="lg">
      <PageHeader title={t('home.title')} description={t('home.subtitle')} />
      {summary.isError ? (
        <Alert color="red" variant="light" title={t('home.error')}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{summary.error.message}</Text>
            <Button size="xs" variant="default" onClick={() => void summary.refetch()}>
              {t('common:actions.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <SimpleGrid
          cols={{ base: 2, lg: 4 }}
          spacing={{ base: 'xs', sm: 'md' }}
          aria-busy={summary.isPending}
        >
          {kpis.map(({ key, icon, color }) =>
            summary.data ? (
              <KpiCard
                key={key}
                icon={icon}
                color={color}
                label={t(`home.kpis.${key}.label`)}
                value={formatCount(summary.data[key], language)}
                hint={t(`home.kpis.${key}.hint`)}
              />
            ) : (
              <KpiCardSkeleton key={key} />
            ),
          )}
        </SimpleGrid>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Shortcut
          icon={<IconId size={22} />}
          title={t('home.shortcuts.advisorsTitle')}
          text={t('home.shortcuts.advisorsText')}
          action={t('home.shortcuts.advisorsAction')}
          to={pathTo('advisorsPage')}
        />
        <Shortcut
          icon={<IconUsers size={22} />}
          title={t('home.shortcuts.usersTitle')}
          text={t('home.shortcuts.usersText')}
          action={t('home.shortcuts.usersAction')}
          to={pathTo('UsuariosManager')}
        />
        <Shortcut
          icon={<IconTag size={22} />}
          title={t('home.shortcuts.pricesTitle')}
          text={t('home.shortcuts.pricesText')}
          action={t('home.shortcuts.pricesAction')}
          to={pathTo('adminPrices')}
        />
        <Shortcut
          icon={<IconReceipt size={22} />}
          title={t('home.shortcuts.paymentsTitle')}
          text={t('home.shortcuts.paymentsText')}
          action={t('home.shortcuts.paymentsAction')}
          to={pathTo('adminPayments')}
        />
        <Shortcut
          icon={<IconUserCog size={22} />}
          title={t('home.shortcuts.userManagementTitle')}
          text={t('home.shortcuts.userManagementText')}
          action={t('home.shortcuts.userManagementAction')}
          to={pathTo('adminUserManagement')}
        />
        <Shortcut
          icon={<IconInbox size={22} />}
          title={t('home.shortcuts.unroutedTitle')}
          text={t('home.shortcuts.unroutedText')}
          action={t('home.shortcuts.unroutedAction')}
          to={pathTo('adminUnroutedMessages')}
        />
      </SimpleGrid>
    </Stack>
  );
}

function Shortcut({
  icon,
  title,
  text,
  action,
  to,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action: string;
  to: string;
}) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ThemeIcon variant="light" size={44} radius="md">
          {icon}
        </ThemeIcon>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Title order={2} fz="h4">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {text}
          </Text>
          <Button
            component={Link}
            to={to}
            variant="light"
            size="xs"
            style={{ alignSelf: 'flex-start' }}
            mt={4}
          >
            {action}
          </Button>
        </Stack>
      </Group>
    </Paper>
  );
}
