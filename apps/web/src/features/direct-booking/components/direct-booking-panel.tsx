import { Alert, Paper, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconReceipt2,
  IconShare,
  IconToggleRight,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { useCurrentUser } from '../../../lib/use-session.ts';
import { directBookingSettingsQuery } from '../api/direct-booking-api.ts';
import { accountCurrency } from '../lib/discount-form.ts';
import { websiteState } from '../lib/units.ts';
import { BookingStatusTab } from './booking-status-tab.tsx';
import classes from './direct-booking.module.css';
import { DirectBookingPlanPrompt } from './plan-upgrade-prompt.tsx';
import { PricesPaymentsTab } from './prices-payments-tab.tsx';
import { ShareTab } from './share-tab.tsx';

const tabs = ['status', 'prices', 'share'] as const;
type Tab = (typeof tabs)[number];
const tabIcons = { status: IconToggleRight, prices: IconReceipt2, share: IconShare };

/**
 * The "Reserva directa" tab of the Channels screen (spec 2.4 "Direct web bookings with tabs (booking
 * status, prices and payments, share)"), with the plan-upgrade prompt of spec 6.
 */
export function DirectBookingPanel() {
  const { t } = useTranslation('direct-booking');
  const settings = useQuery(directBookingSettingsQuery());
  const currency = accountCurrency(useCurrentUser().data?.properties);
  const [tab, setTab] = useState<Tab>('status');

  if (settings.isPending) return <PanelSkeleton />;
  if (settings.isError) {
    return (
      <LoadError
        title={t('errors.load')}
        onRetry={() => void settings.refetch()}
        retrying={settings.isRefetching}
        radius="lg"
      />
    );
  }
  const data = settings.data;
  const state = websiteState(data);
  const locked = !data.plan_active;
  return (
    // Room at the end so the support button in the corner never covers the last switch.
    <Stack gap="lg" pb={72} data-testid="direct-booking-panel">
      {locked ? <DirectBookingPlanPrompt /> : <WebsiteStateBanner state={state} />}
      <Tabs
        value={tab}
        onChange={(value) => value && setTab(value as Tab)}
        variant="pills"
        radius="xl"
        classNames={{ tabSection: classes.tabSection }}
      >
        <Tabs.List className={classes.tabList} aria-label={t('tabs.label')}>
          {tabs.map((key) => {
            const Icon = tabIcons[key];
            return (
              <Tabs.Tab
                key={key}
                value={key}
                leftSection={<Icon size={16} aria-hidden />}
                className={classes.tab}
              >
                {t(`tabs.${key}`)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        <Tabs.Panel value="status" pt="lg">
          <BookingStatusTab settings={data} locked={locked} />
        </Tabs.Panel>
        <Tabs.Panel value="prices" pt="lg">
          <PricesPaymentsTab settings={data} currency={currency} locked={locked} />
        </Tabs.Panel>
        <Tabs.Panel value="share" pt="lg">
          <ShareTab settings={data} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** Whether guests can book on the website now, and what is missing when not. */
export function WebsiteStateBanner({ state }: { state: ReturnType<typeof websiteState> }) {
  const { t } = useTranslation('direct-booking');
  if (state === 'on') {
    return (
      <Alert
        color="teal"
        variant="light"
        radius="lg"
        icon={<IconCircleCheck size={20} aria-hidden />}
        data-testid="website-state"
      >
        <Text size="sm" fw={600}>
          {t('state.on')}
        </Text>
      </Alert>
    );
  }
  return (
    <Alert
      color="orange"
      variant="light"
      radius="lg"
      icon={<IconAlertTriangle size={20} aria-hidden />}
      data-testid="website-state"
    >
      <Text size="sm" fw={600}>
        {t(state === 'no_units' ? 'state.noUnits' : 'state.off')}
      </Text>
    </Alert>
  );
}

function PanelSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" data-testid="direct-booking-loading">
      <Skeleton h={44} radius="lg" />
      <Skeleton h={36} w={420} maw="100%" radius="xl" />
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="md">
          <Skeleton h={20} w="40%" />
          <Skeleton h={14} w="70%" />
          <Skeleton h={48} />
          <Skeleton h={48} />
        </Stack>
      </Paper>
    </Stack>
  );
}
