import { Alert, Box, Button, Grid, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { Booking } from '@posada/contracts/bookings';
import type { User } from '@posada/contracts/users';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { pathTo } from '../../../config/routes.ts';
import { useCurrentUser } from '../../../lib/use-session.ts';
import { dashboardQueryOptions } from '../api/dashboard.ts';
import { ChannelAlertCard } from '../components/channel-alert-card.tsx';
import classes from '../components/dashboard.module.css';
import { DashboardSkeleton, DetailsSkeleton } from '../components/dashboard-skeleton.tsx';
import { DashboardToolbar } from '../components/dashboard-toolbar.tsx';
import { DepositWidget } from '../components/deposit-widget.tsx';
import { EmailCard } from '../components/email-card.tsx';
import { EmptyBookingsCard } from '../components/empty-bookings-card.tsx';
import { GettingStartedCard, hasPendingSetup } from '../components/getting-started-card.tsx';
import { KpiCards } from '../components/kpi-cards.tsx';
import { NoPropertyCard, PropertyCard } from '../components/property-card.tsx';
import { RegistrationAlertCard } from '../components/registration-alert-card.tsx';
import { SubscriptionCard } from '../components/subscription-card.tsx';
import {
  ALL_PROPERTIES,
  type DashboardSelection,
  dashboardRequest,
  hasNoBookings,
  readSelection,
  writeSelection,
} from '../lib/dashboard-params.ts';
import { formatPeriod } from '../lib/format.ts';

// The chart, breakdown and arrivals load as their own chunk, starting now, in parallel with the figures.
const detailsChunk = import('../components/dashboard-details.tsx');
const DashboardDetails = lazy(async () => ({ default: (await detailsChunk).DashboardDetails }));

/** A booking's own screen in Reservas (spec 2.2 scheduled-checkins/{userId}/{relationId}/booking). */
function bookingHref(user: User) {
  return (booking: Booking): string =>
    pathTo('reservationBooking', { userId: user.id, relationId: booking.id });
}

/** The account cards kept from the welcome screen: first steps while any is pending, the plan, the e-mail. */
function AccountColumn({ user }: { user: User }) {
  return (
    <Stack gap="lg">
      <ChannelAlertCard />
      <RegistrationAlertCard />
      <DepositWidget />
      {hasPendingSetup(user) && <GettingStartedCard user={user} />}
      <SubscriptionCard user={user} />
      {!user.email_verified && <EmailCard user={user} />}
    </Stack>
  );
}

/** spec 2.4 Dashboard: the business at a glance for the active property or all of them. */
export function DashboardPage() {
  const { t, i18n } = useTranslation(['dashboard', 'common']);
  const language = i18n.resolvedLanguage ?? 'es';
  useDocumentTitle(`${t('title')} · ${t('common:appName')}`);
  const { data: user } = useCurrentUser();
  const [params, setParams] = useSearchParams();

  const activePropertyId = user?.active_property_id ?? null;
  const propertyIds = user?.properties.map((p) => p.id) ?? [];
  const selection = readSelection(params, { activePropertyId, propertyIds });
  const dashboard = useQuery({
    ...dashboardQueryOptions(dashboardRequest(selection)),
    enabled: Boolean(user),
  });

  const select = (next: Partial<DashboardSelection>) =>
    setParams(writeSelection(params, { ...selection, ...next }, activePropertyId), {
      replace: true,
      preventScrollReset: true,
    });

  // Choosing another active property in the navigation resets the filter to it.
  const previousActive = useRef(activePropertyId);
  useEffect(() => {
    if (previousActive.current === activePropertyId) return;
    previousActive.current = activePropertyId;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('property');
        return next;
      },
      { replace: true },
    );
  }, [activePropertyId, setParams]);

  if (!user) return <DashboardSkeleton />;

  const activeProperty = user.properties.find((p) => p.id === activePropertyId) ?? null;
  const selectedProperty = user.properties.find((p) => p.id === selection.property) ?? null;
  const firstName = user.name.trim().split(/\s+/)[0] ?? user.name;
  const data = dashboard.data;
  const scope = selection.property === ALL_PROPERTIES ? t('scope.all') : (selectedProperty?.nombre ?? '');

  const header = (
    <Group justify="space-between" align="flex-end" gap="md">
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('greeting', { name: firstName })}
        </Title>
        <Text c="dimmed" size="sm" data-testid="dashboard-scope">
          <Text span inherit dir="auto">
            {scope}
          </Text>
          {data && (
            <>
              {' · '}
              <Text span inherit data-testid="dashboard-period">
                {formatPeriod(data.period, language)}
              </Text>
            </>
          )}
        </Text>
      </Stack>
      <Group gap="sm" wrap="nowrap" align="center" w={{ base: '100%', sm: 'auto' }}>
        {dashboard.isFetching && data && <Loader size="xs" aria-label={t('updating')} />}
        <Box style={{ flex: 1 }}>
          <DashboardToolbar
            properties={user.properties}
            property={selection.property}
            onPropertyChange={(property) => select({ property })}
            period={selection.period}
            onPeriodChange={(period) => select({ period })}
          />
        </Box>
      </Group>
    </Group>
  );

  if (user.properties.length === 0) {
    return (
      <Stack gap="xl">
        {header}
        <Grid gutter="lg" align="flex-start">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <NoPropertyCard />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <AccountColumn user={user} />
          </Grid.Col>
        </Grid>
      </Stack>
    );
  }

  let body: React.ReactNode;
  if (!data && dashboard.isError) {
    // The figures failed: say so with a retry; the account cards do not depend on them.
    body = (
      <Stack gap="lg">
        <Alert
          color="red"
          variant="light"
          radius="lg"
          icon={<IconAlertCircle size={20} aria-hidden />}
          title={t('loadError')}
          role="alert"
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('loadErrorHint')}</Text>
            <Button
              size="xs"
              color="red"
              variant="white"
              leftSection={<IconRefresh size={14} aria-hidden />}
              loading={dashboard.isFetching}
              onClick={() => void dashboard.refetch()}
            >
              {t('common:actions.retry')}
            </Button>
          </Stack>
        </Alert>
        <Grid gutter="lg" align="flex-start">
          <Grid.Col span={{ base: 12, md: 7 }}>
            {activeProperty && <PropertyCard property={activeProperty} user={user} />}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <AccountColumn user={user} />
          </Grid.Col>
        </Grid>
      </Stack>
    );
  } else if (!data) {
    body = <DashboardSkeleton />;
  } else if (hasNoBookings(data)) {
    body = (
      <Stack gap="lg">
        <KpiCards data={data} />
        <Grid gutter="lg" align="flex-start">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              <EmptyBookingsCard createHref={pathTo('Reservas')} />
              {activeProperty && <PropertyCard property={activeProperty} user={user} />}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <AccountColumn user={user} />
          </Grid.Col>
        </Grid>
      </Stack>
    );
  } else {
    body = (
      <Stack gap="lg" className={dashboard.isPlaceholderData ? classes.fetching : undefined}>
        <KpiCards data={data} />
        <Suspense fallback={<DetailsSkeleton />}>
          <DashboardDetails
            data={data}
            months={selection.months}
            onMonthsChange={(months) => select({ months })}
            several={selection.property === ALL_PROPERTIES && user.properties.length > 1}
            bookingHref={bookingHref(user)}
            allHref={pathTo('Reservas')}
            aside={<AccountColumn user={user} />}
          />
        </Suspense>
      </Stack>
    );
  }

  return (
    <Stack gap="xl">
      {header}
      {dashboard.isError && data && (
        <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="status">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('refreshError')}</Text>
            <Button size="xs" variant="white" color="orange" onClick={() => void dashboard.refetch()}>
              {t('common:actions.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {body}
    </Stack>
  );
}
