import { Badge, Button, Code, Group, Paper, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import type { AdminCoupon } from '@posada/contracts/admin-billing';
import { IconPlus, IconTicket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { TableSkeletonRows } from '../../../components/table-skeleton-rows.tsx';
import { money } from '../../../lib/money.ts';
import { notify } from '../../../lib/notify.ts';
import { useCoupons, useSetCouponActive } from '../api/admin-billing-api.ts';
import { formatDate } from '../lib/format.ts';
import { CouponFormModal } from './coupon-form-modal.tsx';

/** Coupons of manager/prices: the list with an activate switch, and the create form. */
export function CouponsSection() {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage ?? 'es';
  const coupons = useCoupons();
  const setActive = useSetCouponActive();
  const [opened, form] = useDisclosure(false);

  const apply = (coupon: AdminCoupon, active: boolean) =>
    setActive.mutate(
      { id: coupon.id, active },
      {
        onSuccess: () =>
          notify.success(t(active ? 'coupons.activated' : 'coupons.deactivated', { code: coupon.code })),
        onError: (error) => notify.error(error.message),
      },
    );
  const toggle = (coupon: AdminCoupon) => {
    if (!coupon.active) return apply(coupon, true);
    modals.openConfirmModal({
      title: t('coupons.confirmTitle', { code: coupon.code }),
      centered: true,
      children: <Text size="sm">{t('coupons.confirmBody')}</Text>,
      labels: { confirm: t('coupons.deactivate'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => apply(coupon, false),
    });
  };

  const discount = (c: AdminCoupon) =>
    c.percent_off != null ? `${c.percent_off} %` : money(c.amount_off ?? 0, c.currency, language, 'admin');
  const duration = (c: AdminCoupon) =>
    c.duration === 'repeating'
      ? t('coupons.durations.repeatingN', { count: c.duration_months ?? 0 })
      : t(`coupons.durations.${c.duration}`);

  const list = coupons.data;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="h3">
            {t('coupons.title')}
          </Title>
          <Button leftSection={<IconPlus size={16} />} onClick={form.open} size="sm">
            {t('coupons.new')}
          </Button>
        </Group>
        {coupons.isError ? (
          <LoadError title={t('coupons.loadError')} onRetry={() => void coupons.refetch()} />
        ) : list && list.length === 0 ? (
          <EmptyState
            icon={<IconTicket size={28} />}
            title={t('coupons.emptyTitle')}
            description={t('coupons.emptyText')}
          />
        ) : (
          <Table.ScrollContainer type="native" minWidth={720}>
            <Table verticalSpacing="xs" aria-label={t('coupons.title')} aria-busy={!list}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('coupons.columns.code')}</Table.Th>
                  <Table.Th>{t('coupons.columns.discount')}</Table.Th>
                  <Table.Th>{t('coupons.columns.duration')}</Table.Th>
                  <Table.Th>{t('coupons.columns.redemptions')}</Table.Th>
                  <Table.Th>{t('coupons.columns.validUntil')}</Table.Th>
                  <Table.Th>{t('coupons.columns.active')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list ? (
                  list.map((c) => (
                    <Table.Tr key={c.id}>
                      <Table.Td>
                        <Code fz="sm">{c.code}</Code>
                      </Table.Td>
                      <Table.Td dir="ltr" style={{ textAlign: 'start' }}>
                        {discount(c)}
                      </Table.Td>
                      <Table.Td>{duration(c)}</Table.Td>
                      <Table.Td>
                        {c.max_redemptions != null ? `${c.redeemed} / ${c.max_redemptions}` : c.redeemed}
                      </Table.Td>
                      <Table.Td>{c.valid_until ? formatDate(c.valid_until, language) : '—'}</Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Switch
                            checked={c.active}
                            onChange={() => toggle(c)}
                            aria-label={t('coupons.toggleLabel', { code: c.code })}
                            disabled={setActive.isPending && setActive.variables?.id === c.id}
                          />
                          <Badge color={c.active ? 'teal' : 'gray'} variant="light" size="sm">
                            {c.active ? t('coupons.active') : t('coupons.inactive')}
                          </Badge>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))
                ) : (
                  <TableSkeletonRows columns={6} rows={3} />
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <CouponFormModal opened={opened} onClose={form.close} />
    </Paper>
  );
}
