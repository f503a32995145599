import { Badge, Button, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { InvoiceSummary } from '@posada/contracts/billing';
import { IconDownload, IconFileInvoice } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { TableSkeletonRows } from '../../../components/table-skeleton-rows.tsx';
import { notify } from '../../../lib/notify.ts';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';
import { downloadInvoicePdf, invoicesQuery } from '../api/billing-api.ts';
import { day, money } from '../lib/format.ts';

/** spec 3 Invoice: the platform's invoices to the account (code, date, period, amount, status, PDF). */
export function InvoiceList() {
  const { t, i18n } = useTranslation('subscription');
  const lang = i18n.language;
  const isMobile = useIsMobile();
  const invoices = useQuery(invoicesQuery());
  const download = useMutation({
    mutationFn: downloadInvoicePdf,
    onSuccess: (name) => notify.success(t('invoices.downloaded', { name })),
    onError: (error) => notify.error(error.message || t('invoices.downloadError')),
  });
  if (invoices.isError)
    return (
      <LoadError
        title={t('invoices.loadError')}
        onRetry={() => void invoices.refetch()}
        retrying={invoices.isFetching}
      />
    );
  const rows = invoices.data ?? [];
  if (invoices.isSuccess && rows.length === 0)
    return (
      <Card withBorder radius="lg">
        <EmptyState
          icon={<IconFileInvoice size={28} aria-hidden />}
          title={t('invoices.emptyTitle')}
          description={t('invoices.emptyBody')}
        />
      </Card>
    );
  const period = (inv: InvoiceSummary) =>
    inv.period_start && inv.period_end
      ? `${day(inv.period_start, lang)} – ${day(inv.period_end, lang)}`
      : '—';
  const status = (inv: InvoiceSummary) => (
    <Badge color={inv.status === 'paid' ? 'teal' : 'orange'} variant="light" tt="none">
      {t(`invoices.status.${inv.status}`)}
    </Badge>
  );
  const pdfButton = (inv: InvoiceSummary) => (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconDownload size={14} aria-hidden />}
      loading={download.isPending && download.variables?.id === inv.id}
      onClick={() => download.mutate(inv)}
      aria-label={t('invoices.downloadLabel', { code: inv.code })}
      data-testid="invoice-pdf"
    >
      PDF
    </Button>
  );
  const kind = (inv: InvoiceSummary) =>
    inv.kind === 'credit_note' ? (
      <Text size="xs" c="dimmed">
        {t('invoices.creditNote', { code: inv.corrects_code ?? '' })}
      </Text>
    ) : null;

  if (isMobile)
    return (
      <Stack gap="sm" data-testid="invoice-list">
        {invoices.isPending
          ? [0, 1, 2].map((i) => <Card key={i} withBorder radius="md" h={96} />)
          : rows.map((inv) => (
              <Card key={inv.id} withBorder radius="md" padding="sm" data-testid="invoice-row">
                <Stack gap={4}>
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={700} dir="ltr">
                      {inv.code}
                    </Text>
                    {status(inv)}
                  </Group>
                  {kind(inv)}
                  <Text size="sm" c="dimmed">
                    {day(inv.issued_at, lang)} · {period(inv)}
                  </Text>
                  <Group justify="space-between">
                    <Text fw={700}>{money(inv.total, inv.currency, lang)}</Text>
                    {pdfButton(inv)}
                  </Group>
                </Stack>
              </Card>
            ))}
      </Stack>
    );
  return (
    <Card withBorder radius="lg" padding={0} data-testid="invoice-list">
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('invoices.code')}</Table.Th>
              <Table.Th>{t('invoices.date')}</Table.Th>
              <Table.Th>{t('invoices.period')}</Table.Th>
              <Table.Th ta="end">{t('invoices.amount')}</Table.Th>
              <Table.Th>{t('invoices.statusHead')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('invoices.download')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoices.isPending ? (
              <TableSkeletonRows rows={3} columns={6} />
            ) : (
              rows.map((inv) => (
                <Table.Tr key={inv.id} data-testid="invoice-row">
                  <Table.Td>
                    <Text fw={600} size="sm" dir="ltr">
                      {inv.code}
                    </Text>
                    {kind(inv)}
                  </Table.Td>
                  <Table.Td>{day(inv.issued_at, lang)}</Table.Td>
                  <Table.Td>{period(inv)}</Table.Td>
                  <Table.Td ta="end" fw={600}>
                    {money(inv.total, inv.currency, lang)}
                  </Table.Td>
                  <Table.Td>{status(inv)}</Table.Td>
                  <Table.Td ta="end">{pdfButton(inv)}</Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
