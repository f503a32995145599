import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { PaymentAccount } from '@posada/contracts/payments';
import {
  IconAlertTriangle,
  IconBan,
  IconBrandStripe,
  IconCircleCheck,
  IconClockHour4,
  IconCreditCardOff,
  IconRefresh,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/intl.ts';
import { notify } from '../../../lib/notify.ts';
import { paymentAccountQuery, useOnboardingLink, useRefreshAccount } from '../api/payment-account-api.ts';

const statusColor: Record<PaymentAccount['status'], string> = {
  none: 'gray',
  in_progress: 'yellow',
  approved: 'teal',
  restricted: 'orange',
  rejected: 'red',
};

function Requirements({ account }: { account: PaymentAccount }) {
  const { t } = useTranslation('payments');
  if (account.requirements.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {t('account.needs')}
      </Text>
      <List size="sm" spacing={2} data-testid="payments-requirements">
        {account.requirements.map((r) => (
          <List.Item key={r}>{r}</List.Item>
        ))}
      </List>
    </Stack>
  );
}

/**
 * spec 2.2 profile/payments: link the card payment provider (Stripe Connect). Not configured: a plain
 * message; none: connect; in progress: approval can take days, continue; approved; restricted and
 * rejected: what Stripe needs. Back from Stripe (`?onboarding=return`) the account is re-read; an expired
 * link (`?onboarding=refresh`) mints a new one and goes straight back.
 */
export function PaymentsAccountPage() {
  const { t, i18n } = useTranslation('payments');
  const language = i18n.resolvedLanguage ?? 'es';
  const query = useQuery(paymentAccountQuery());
  const link = useOnboardingLink();
  const refresh = useRefreshAccount();
  const [params, setParams] = useSearchParams();
  const handled = useRef(false);

  const failure = (error: unknown) =>
    notify.error(
      error instanceof ApiError && error.status === 0
        ? t('account.errors.network')
        : error instanceof ApiError && error.message
          ? error.message
          : t('account.errors.action'),
    );

  const goToStripe = () =>
    link.mutate(undefined, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: failure,
    });

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per return from Stripe.
  useEffect(() => {
    const onboarding = params.get('onboarding');
    if (!onboarding || handled.current || !query.data?.configured) return;
    handled.current = true;
    setParams({}, { replace: true });
    if (onboarding === 'refresh') goToStripe();
    else
      refresh.mutate(undefined, {
        onSuccess: (account) =>
          account.status === 'approved'
            ? notify.success(t('account.toasts.approved'))
            : notify.info(t('account.toasts.returned')),
        onError: failure,
      });
  }, [params, query.data?.configured]);

  const header = (
    <div>
      <Title order={2} fz="h4">
        {t('account.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('account.hint')}
      </Text>
    </div>
  );

  if (query.isPending)
    return (
      <Stack gap="md" aria-busy>
        {header}
        <Skeleton h={160} radius="lg" />
      </Stack>
    );
  if (query.isError)
    return (
      <Stack gap="md">
        {header}
        <LoadError
          title={t('account.errors.load')}
          onRetry={() => void query.refetch()}
          retrying={query.isRefetching}
        />
      </Stack>
    );

  const account = query.data;
  if (!account.configured)
    return (
      <Stack gap="md">
        {header}
        <Paper withBorder radius="lg" data-testid="payments-not-configured">
          <EmptyState
            icon={<IconCreditCardOff size={28} aria-hidden />}
            title={t('account.notConfiguredTitle')}
            description={t('account.notConfigured')}
          />
        </Paper>
      </Stack>
    );

  const connect = (label: string) => (
    <Button
      leftSection={<IconBrandStripe size={18} aria-hidden />}
      loading={link.isPending}
      onClick={goToStripe}
    >
      {label}
    </Button>
  );
  const refreshButton = (
    <Button
      variant="default"
      leftSection={<IconRefresh size={16} aria-hidden />}
      loading={refresh.isPending}
      onClick={() =>
        refresh.mutate(undefined, {
          onSuccess: () => notify.success(t('account.toasts.refreshed')),
          onError: failure,
        })
      }
    >
      {t('account.refresh')}
    </Button>
  );

  if (account.status === 'none')
    return (
      <Stack gap="md">
        {header}
        <Paper withBorder radius="lg" data-testid="payments-status" data-status="none">
          <EmptyState
            icon={<IconBrandStripe size={28} aria-hidden />}
            title={t('account.none.title')}
            description={t('account.none.body')}
            action={connect(t('account.connect'))}
          />
        </Paper>
      </Stack>
    );

  const icon = {
    in_progress: <IconClockHour4 size={22} aria-hidden />,
    approved: <IconCircleCheck size={22} aria-hidden />,
    restricted: <IconAlertTriangle size={22} aria-hidden />,
    rejected: <IconBan size={22} aria-hidden />,
  }[account.status];

  return (
    <Stack gap="md">
      {header}
      <Paper withBorder radius="lg" p="lg" data-testid="payments-status" data-status={account.status}>
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon size={40} radius="xl" variant="light" color={statusColor[account.status]}>
              {icon}
            </ThemeIcon>
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Title order={3} fz="h5">
                  {t(`account.${account.status}.title`)}
                </Title>
                <Badge color={statusColor[account.status]} variant="light" tt="none">
                  {t(`account.status.${account.status}`)}
                </Badge>
              </Group>
              <Text size="sm">{t(`account.${account.status}.body`)}</Text>
            </Stack>
          </Group>
          {account.status === 'approved' ? (
            <Group gap="xs">
              <Badge color={account.charges_enabled ? 'teal' : 'gray'} variant="dot" tt="none">
                {account.charges_enabled ? t('account.chargesOn') : t('account.chargesOff')}
              </Badge>
              <Badge color={account.payouts_enabled ? 'teal' : 'gray'} variant="dot" tt="none">
                {account.payouts_enabled ? t('account.payoutsOn') : t('account.payoutsOff')}
              </Badge>
            </Group>
          ) : null}
          {account.disabled_reason && account.status !== 'in_progress' ? (
            <Alert variant="light" color={statusColor[account.status]}>
              {account.disabled_reason}
            </Alert>
          ) : null}
          <Requirements account={account} />
          {account.current_deadline && account.status !== 'approved' ? (
            <Text size="sm" c="dimmed">
              {t('account.deadline', { date: formatDateTime(account.current_deadline, language) })}
            </Text>
          ) : null}
          <Group gap="sm">
            {account.status === 'in_progress' || account.status === 'restricted'
              ? connect(t('account.continue'))
              : null}
            {refreshButton}
          </Group>
          {account.stripe_account_id ? (
            <Text size="xs" c="dimmed" ff="monospace" dir="ltr" style={{ textAlign: 'start' }}>
              {account.stripe_account_id}
            </Text>
          ) : null}
        </Stack>
      </Paper>
    </Stack>
  );
}
