import { Alert, Button, Group, NumberInput, Skeleton, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { DepositItem } from '@posada/contracts/deposits';
import type { Currency } from '@posada/contracts/properties';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DepositStatus } from '../../../components/deposit-status.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatDay, formatMoneyIn } from '../../../lib/intl.ts';
import { toMinorUnits } from '../../../lib/money.ts';
import { notify } from '../../../lib/notify.ts';
import {
  bookingDepositsQuery,
  depositVerificationQuery,
  programmedQuery,
  useRefundDeposit,
  useSetDepositAmount,
} from './deposits-api.ts';

/** The failure of a deposit call in the user's words (the API's translated message). */
function useFailure() {
  const { t } = useTranslation(['reservations', 'common']);
  return (error: unknown) => {
    if (error instanceof ApiError && error.status === 0) return notify.error(t('common:errors.network'));
    notify.error(error instanceof ApiError && error.message ? error.message : t('deposit.failed'));
  };
}

/** One deposit: verified with request-verification-deposit, its badge, and the refund when paid. */
function DepositRow({ item, language }: { item: DepositItem; language: string }) {
  const { t } = useTranslation('reservations');
  const verify = useQuery(depositVerificationQuery(item.programmed_id));
  const refund = useRefundDeposit();
  const failure = useFailure();
  const state = verify.data?.status ?? 0;
  const amount = formatMoneyIn(
    verify.data?.amount ?? item.amount,
    (verify.data?.currency ?? item.currency) as Currency,
    language,
  );
  const confirmRefund = () =>
    modals.openConfirmModal({
      title: t('deposit.confirmTitle'),
      children: <Text size="sm">{t('deposit.confirmBody', { amount })}</Text>,
      labels: { confirm: t('deposit.refund'), cancel: t('deposit.keep') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        refund.mutate(item.programmed_id, {
          onSuccess: () => notify.success(t('deposit.refunded', { amount })),
          onError: failure,
        }),
    });
  return (
    <Table.Tr data-testid="deposit-row" data-state={state}>
      <Table.Td>
        <Text size="sm">{t('details.depositProgrammed')}</Text>
        {verify.data?.method === 'saved_card' && state === 1 ? (
          <Text size="xs" c="dimmed">
            {t('deposit.savedCard')}
          </Text>
        ) : null}
        {verify.data?.capture_before ? (
          <Text size="xs" c="dimmed">
            {t('deposit.captureBefore', {
              date: formatDay(verify.data.capture_before.slice(0, 10), language),
            })}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <span dir="ltr">{amount}</span>
      </Table.Td>
      <Table.Td>
        <DepositStatus
          state={state}
          failed={verify.isError}
          onRetry={() => void verify.refetch()}
          canRefund={verify.data?.can_refund ?? false}
          refunding={refund.isPending}
          onRefund={confirmRefund}
          labels={{
            retry: t('deposit.retry'),
            verifying: t('deposit.verifying'),
            state: state ? t(`deposit.state.${state}`) : '',
            refund: t('deposit.refund'),
          }}
        />
      </Table.Td>
    </Table.Tr>
  );
}

/** No deposit asked yet: the operator can ask one the guest leaves held at check-in. */
function AskDeposit({
  bookingId,
  currency,
  language,
}: {
  bookingId: string;
  currency: string;
  language: string;
}) {
  const { t } = useTranslation('reservations');
  const programmed = useQuery(programmedQuery(bookingId));
  const save = useSetDepositAmount();
  const failure = useFailure();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState<number | string>('');
  const checkinId = programmed.data?.checkin_id;
  if (!checkinId) return null;
  if (!open)
    return (
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {t('deposit.none')}
        </Text>
        <Button size="compact-sm" variant="light" onClick={() => setOpen(true)}>
          {t('deposit.ask')}
        </Button>
      </Group>
    );
  const submit = () => {
    const amount = toMinorUnits(value, currency) ?? Number.NaN;
    if (!Number.isFinite(amount) || amount <= 0) return notify.warning(t('deposit.amountInvalid'));
    save.mutate(
      { checkinId, amount },
      {
        onSuccess: () => {
          notify.success(
            t('deposit.saved', { amount: formatMoneyIn(amount, currency as Currency, language) }),
          );
          setOpen(false);
        },
        onError: failure,
      },
    );
  };
  return (
    <Group align="flex-end" wrap="wrap">
      <NumberInput
        label={t('deposit.amountLabel')}
        min={1}
        decimalScale={currency === 'COP' ? 0 : 2}
        value={value}
        onChange={setValue}
        suffix={` ${currency}`}
        w={200}
      />
      <Button onClick={submit} loading={save.isPending}>
        {t('deposit.save')}
      </Button>
    </Group>
  );
}

/**
 * spec 2.4 Booking details deposit table, shown when the programmed payment amount is over 0: each
 * deposit verified for real (skeleton while unknown), its spec 4 badge, and "Devolver fianza" only when
 * paid, after a confirmation.
 */
export function DepositSection({ bookingId, currency }: { bookingId: string; currency: string }) {
  const { t, i18n } = useTranslation('reservations');
  const language = i18n.resolvedLanguage ?? 'es';
  const list = useQuery(bookingDepositsQuery(bookingId));
  if (list.isPending) return <Skeleton height={60} radius="md" />;
  if (list.isError) return <Alert color="red">{t('deposit.failed')}</Alert>;
  const items = list.data.items;
  if (items.length === 0) return <AskDeposit bookingId={bookingId} currency={currency} language={language} />;
  return (
    <Stack gap="xs">
      <Table withTableBorder verticalSpacing="xs" data-testid="deposit-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('details.depositConcept')}</Table.Th>
            <Table.Th>{t('details.depositAmount')}</Table.Th>
            <Table.Th>{t('details.depositStatus')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <DepositRow key={item.programmed_id} item={item} language={language} />
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
