import { Alert, Badge, Button, Group, Pagination, Skeleton, Stack, Table, Tabs, Text } from '@mantine/core';
import type { ImportPreviewRow, ImportResult, ImportRowError } from '@posada/contracts/booking-import';
import {
  IconAlertCircle,
  IconAlertTriangle,
  IconCircleCheck,
  IconFileImport,
  IconTableImport,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardList, CardListItem } from '../../../../components/card-list.tsx';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { TableSkeletonRows } from '../../../../components/table-skeleton-rows.tsx';
import { formatMoneyIn, formatStay, intlLocale } from '../../../../lib/intl.ts';
import { pageCount, pageOf, rowsWithErrors } from '../lib/import-lib.ts';
import { StepCard } from './step-card.tsx';

const PAGE_SIZE = 25;

export type ReviewState =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'file-error'; message: string }
  | { kind: 'result'; result: ImportResult };

/**
 * Step 3: what the check found — the refused cells (row, column, message) and the bookings that will be
 * created — and the import button, enabled only when every row is valid.
 */
export function ReviewStep({
  state,
  isMobile,
  importing,
  onImport,
}: {
  state: ReviewState;
  isMobile: boolean;
  importing: boolean;
  onImport: () => void;
}) {
  const { t } = useTranslation('reservations');

  let body: React.ReactNode;
  if (state.kind === 'idle') {
    body = (
      <EmptyState
        icon={<IconTableImport size={28} aria-hidden />}
        title={t('import.review.emptyTitle')}
        description={t('import.review.emptyHint')}
      />
    );
  } else if (state.kind === 'checking') {
    body = (
      <Stack gap="sm" aria-busy="true">
        <Skeleton h={20} w="50%" />
        <Table>
          <Table.Tbody>
            <TableSkeletonRows rows={5} columns={isMobile ? 2 : 4} />
          </Table.Tbody>
        </Table>
      </Stack>
    );
  } else if (state.kind === 'file-error') {
    body = (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle size={20} aria-hidden />}
        title={t('import.review.fileProblem')}
      >
        {state.message}
      </Alert>
    );
  } else {
    body = <ResultView result={state.result} isMobile={isMobile} importing={importing} onImport={onImport} />;
  }

  return (
    <StepCard step={3} headingId="import-step-review" title={t('import.steps.review')}>
      {body}
    </StepCard>
  );
}

function ResultView({
  result,
  isMobile,
  importing,
  onImport,
}: {
  result: ImportResult;
  isMobile: boolean;
  importing: boolean;
  onImport: () => void;
}) {
  const { t, i18n } = useTranslation('reservations');
  const language = i18n.resolvedLanguage ?? 'es';
  const number = new Intl.NumberFormat(intlLocale(language));
  const badRows = rowsWithErrors(result.errors);
  const [tab, setTab] = useState<string | null>(result.valid ? 'bookings' : 'errors');

  return (
    <Stack gap="md">
      <Group gap="xs" aria-live="polite">
        <Badge variant="light" color="gray" size="lg">
          {t('import.review.rows', { count: result.total_rows, formatted: number.format(result.total_rows) })}
        </Badge>
        <Badge variant="light" color="teal" size="lg">
          {t('import.review.validRows', {
            count: result.valid_rows,
            formatted: number.format(result.valid_rows),
          })}
        </Badge>
        {badRows > 0 ? (
          <Badge variant="light" color="red" size="lg">
            {t('import.review.invalidRows', { count: badRows, formatted: number.format(badRows) })}
          </Badge>
        ) : null}
      </Group>

      {result.valid ? (
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={20} aria-hidden />}>
          {t('import.review.valid')}
        </Alert>
      ) : (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={20} aria-hidden />}
          title={t('import.review.invalidTitle')}
          role="alert"
        >
          {t('import.review.invalidHint')}
        </Alert>
      )}
      {result.ignored_columns.length > 0 ? (
        <Text size="sm" c="dimmed">
          {t('import.review.ignored', { columns: result.ignored_columns.join(', ') })}
        </Text>
      ) : null}

      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="errors" disabled={result.errors.length === 0}>
            {t('import.review.tabs.errors', {
              count: result.errors.length,
              formatted: number.format(result.errors.length),
            })}
          </Tabs.Tab>
          <Tabs.Tab value="bookings" disabled={result.valid_rows === 0}>
            {t('import.review.tabs.bookings', {
              count: result.valid_rows,
              formatted: number.format(result.valid_rows),
            })}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="errors" pt="md">
          <ErrorList errors={result.errors} isMobile={isMobile} />
        </Tabs.Panel>
        <Tabs.Panel value="bookings" pt="md">
          <PreviewList rows={result.preview} total={result.valid_rows} isMobile={isMobile} />
        </Tabs.Panel>
      </Tabs>

      <Stack gap={4} align="flex-start">
        <Button
          size="md"
          leftSection={<IconFileImport size={18} aria-hidden />}
          disabled={!result.valid}
          loading={importing}
          onClick={onImport}
          aria-describedby={result.valid ? undefined : 'import-disabled-reason'}
        >
          {t('import.review.importButton', {
            count: result.total_rows,
            formatted: number.format(result.total_rows),
          })}
        </Button>
        {result.valid ? null : (
          <Text id="import-disabled-reason" size="sm" c="dimmed">
            {t('import.review.importDisabled')}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}

function usePage(total: number) {
  const [page, setPage] = useState(1);
  const pages = pageCount(total, PAGE_SIZE);
  return { page: Math.min(page, pages), pages, setPage };
}

function Pager({ page, pages, onChange }: { page: number; pages: number; onChange: (page: number) => void }) {
  const { t } = useTranslation('reservations');
  if (pages <= 1) return null;
  return (
    <Pagination
      total={pages}
      value={page}
      onChange={onChange}
      siblings={0}
      boundaries={1}
      size="sm"
      getControlProps={(control) => ({ 'aria-label': t(`pager.${control}`) })}
      getItemProps={(n) => ({ 'aria-label': t('pager.page', { page: n }) })}
    />
  );
}

function ErrorList({ errors, isMobile }: { errors: ImportRowError[]; isMobile: boolean }) {
  const { t, i18n } = useTranslation('reservations');
  const number = new Intl.NumberFormat(intlLocale(i18n.resolvedLanguage ?? 'es'));
  const { page, pages, setPage } = usePage(errors.length);
  const shown = pageOf(errors, page, PAGE_SIZE);
  const key = (e: ImportRowError) => `${e.row}-${e.field ?? ''}-${e.code}`;

  return (
    <Stack gap="sm">
      {isMobile ? (
        <CardList label={t('import.review.errorsTable')}>
          {shown.map((e, i) => (
            <CardListItem key={key(e)} divided={i > 0}>
              <Group gap="xs">
                <Badge color="red" variant="light">
                  {t('import.review.rowNumber', { row: number.format(e.row) })}
                </Badge>
                {e.column ? (
                  <Text fw={600} size="sm">
                    {e.column}
                  </Text>
                ) : null}
              </Group>
              <Text size="sm">{e.message}</Text>
            </CardListItem>
          ))}
        </CardList>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" striped aria-label={t('import.review.errorsTable')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col" w={90}>
                  {t('import.review.row')}
                </Table.Th>
                <Table.Th scope="col" w={200}>
                  {t('import.review.column')}
                </Table.Th>
                <Table.Th scope="col">{t('import.review.problem')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((e) => (
                <Table.Tr key={key(e)}>
                  <Table.Td>{number.format(e.row)}</Table.Td>
                  <Table.Td fw={600}>{e.column || '—'}</Table.Td>
                  <Table.Td>{e.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager page={page} pages={pages} onChange={setPage} />
    </Stack>
  );
}

function PreviewList({
  rows,
  total,
  isMobile,
}: {
  rows: ImportPreviewRow[];
  total: number;
  isMobile: boolean;
}) {
  const { t, i18n } = useTranslation('reservations');
  const language = i18n.resolvedLanguage ?? 'es';
  const number = new Intl.NumberFormat(intlLocale(language));
  const { page, pages, setPage } = usePage(rows.length);
  const shown = pageOf(rows, page, PAGE_SIZE);
  const stay = (r: ImportPreviewRow) => formatStay(r.start_date, r.end_date, language);
  const where = (r: ImportPreviewRow) =>
    r.room_type_name ? `${r.property_title} · ${r.room_type_name} × ${r.quantity}` : r.property_title;

  return (
    <Stack gap="sm">
      {isMobile ? (
        <CardList label={t('import.review.previewTable')}>
          {shown.map((r, i) => (
            <CardListItem key={r.row} divided={i > 0}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text fw={600} size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  {r.name}
                </Text>
                <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {formatMoneyIn(r.price, r.currency, language)}
                </Text>
              </Group>
              <Text size="sm">{where(r)}</Text>
              <Text size="sm" c="dimmed">
                {stay(r)} · {t('list.guestsValue', { count: r.number_of_guests })}
              </Text>
              <Group gap={6}>
                <Badge size="sm" variant="light" color="gray">
                  {t('import.review.rowNumber', { row: number.format(r.row) })}
                </Badge>
                <Badge size="sm" variant="light">
                  {t(`channel.${r.channel}`)}
                </Badge>
                <Badge size="sm" variant="light" color={r.payment_status === 'paid' ? 'teal' : 'yellow'}>
                  {t(`payment.${r.payment_status}`)}
                </Badge>
              </Group>
            </CardListItem>
          ))}
        </CardList>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table verticalSpacing="xs" striped aria-label={t('import.review.previewTable')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('import.review.row')}</Table.Th>
                <Table.Th scope="col">{t('list.guest')}</Table.Th>
                <Table.Th scope="col">{t('list.property')}</Table.Th>
                <Table.Th scope="col">{t('list.stay')}</Table.Th>
                <Table.Th scope="col">{t('list.guests')}</Table.Th>
                <Table.Th scope="col">{t('list.channel')}</Table.Th>
                <Table.Th scope="col">{t('list.payment')}</Table.Th>
                <Table.Th scope="col" ta="end">
                  {t('list.total')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((r) => (
                <Table.Tr key={r.row}>
                  <Table.Td>{number.format(r.row)}</Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {r.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {r.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>{where(r)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{stay(r)}</Table.Td>
                  <Table.Td>{number.format(r.number_of_guests)}</Table.Td>
                  <Table.Td>{t(`channel.${r.channel}`)}</Table.Td>
                  <Table.Td>{t(`payment.${r.payment_status}`)}</Table.Td>
                  <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoneyIn(r.price, r.currency, language)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager page={page} pages={pages} onChange={setPage} />
      {total > rows.length ? (
        <Text size="sm" c="dimmed">
          {t('import.review.previewTruncated', {
            shown: number.format(rows.length),
            total: number.format(total),
          })}
        </Text>
      ) : null}
    </Stack>
  );
}
