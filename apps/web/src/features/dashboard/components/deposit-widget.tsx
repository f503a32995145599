import { Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { DepositItem, DepositList, DepositVerification } from '@posada/contracts/deposits';
import type { Currency } from '@posada/contracts/properties';
import { IconShieldLock } from '@tabler/icons-react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DepositStatus } from '../../../components/deposit-status.tsx';
import { ApiError, api } from '../../../lib/api.ts';
import { formatDay, formatMoneyIn } from '../../../lib/intl.ts';
import { notify } from '../../../lib/notify.ts';

// contracts/deposits depositPaths, as literals: the contract module carries zod (first route budget, §4).
const listPath = '/api/deposits';
const verifyPath = '/api/request-verification-deposit';
const refundPath = '/api/refund-deposit';

/** The same 'deposits' prefix as the booking details' table: a refund here reloads it there too. */
const upcomingQuery = () =>
  queryOptions({
    queryKey: ['deposits', 'upcoming'] as const,
    queryFn: () => api.get<DepositList>(listPath),
    staleTime: 30_000,
  });
const verifyQuery = (programmedId: string) =>
  queryOptions({
    queryKey: ['deposits', 'verify', programmedId] as const,
    queryFn: () => api.post<DepositVerification>(verifyPath, { programmed_id: programmedId }),
    staleTime: 15_000,
  });

function DepositLine({ item, language }: { item: DepositItem; language: string }) {
  const { t } = useTranslation(['dashboard', 'common']);
  const queryClient = useQueryClient();
  const verify = useQuery(verifyQuery(item.programmed_id));
  const refund = useMutation({
    mutationFn: () => api.post<DepositVerification>(refundPath, { programmed_id: item.programmed_id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['deposits'] }),
  });
  const state = verify.data?.status ?? 0;
  const amount = formatMoneyIn(item.amount, item.currency as Currency, language);
  const confirm = () =>
    modals.openConfirmModal({
      title: t('deposits.confirmTitle'),
      children: <Text size="sm">{t('deposits.confirmBody', { amount, name: item.guest_name })}</Text>,
      labels: { confirm: t('deposits.refund'), cancel: t('deposits.keep') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        refund.mutate(undefined, {
          onSuccess: () => notify.success(t('deposits.refunded', { amount })),
          onError: (error) =>
            notify.error(
              error instanceof ApiError && error.status === 0
                ? t('common:errors.network')
                : error instanceof ApiError && error.message
                  ? error.message
                  : t('deposits.failed'),
            ),
        }),
    });
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" data-testid="deposit-line" data-state={state}>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} truncate dir="auto">
          {item.guest_name || item.property_name}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          <span dir="auto">{item.property_name}</span> · {formatDay(item.start_date, language, false)} →{' '}
          {formatDay(item.end_date, language, false)} · <span dir="ltr">{amount}</span>
        </Text>
      </Stack>
      <DepositStatus
        state={state}
        failed={verify.isError}
        onRetry={() => void verify.refetch()}
        canRefund={verify.data?.can_refund ?? false}
        refunding={refund.isPending}
        onRefund={confirm}
        labels={{
          retry: t('deposits.retry'),
          verifying: t('deposits.verifying'),
          state: state ? t(`deposits.state.${state}`) : '',
          refund: t('deposits.refund'),
        }}
      />
    </Group>
  );
}

/**
 * spec 2.4 Deposit widget: the upcoming programmed check-ins that ask for a deposit, each verified with
 * request-verification-deposit (skeleton while unknown), its paid, pending or refunded badge, and
 * "Devolver fianza" only when paid, after a confirmation, with a toast for the outcome.
 */
export function DepositWidget() {
  const { t, i18n } = useTranslation('dashboard');
  const language = i18n.resolvedLanguage ?? 'es';
  const list = useQuery(upcomingQuery());
  return (
    <Paper
      withBorder
      p="xl"
      component="section"
      aria-labelledby="deposit-widget-title"
      data-testid="deposit-widget"
    >
      <Stack gap="md">
        <Group gap="md" wrap="nowrap">
          <ThemeIcon size={44} radius="xl" color="teal" variant="light">
            <IconShieldLock size={24} aria-hidden />
          </ThemeIcon>
          <Title order={2} fz="lg" id="deposit-widget-title">
            {t('deposits.title')}
          </Title>
        </Group>
        {list.isPending ? (
          <Skeleton height={40} radius="md" />
        ) : list.isError ? (
          <Text size="sm" c="red">
            {t('deposits.failed')}
          </Text>
        ) : list.data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('deposits.empty')}
          </Text>
        ) : (
          <Stack gap="sm">
            {list.data.items.slice(0, 8).map((item) => (
              <DepositLine key={item.programmed_id} item={item} language={language} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
