import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import type { BroadcastCandidate, BroadcastRecipientsAnswer } from '@posada/contracts/broadcasts';
import { IconSearch, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field.tsx';
import { propertiesQuery } from '../../../lib/api/properties-api.ts';
import { formatStay } from '../../../lib/intl.ts';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';

/** The booking statuses a broadcast may choose (spec 4); blocked dates and cancellations have no guest to write to. */
export const filterStatuses = ['booked', 'pending', 'approved', 'in_progress', 'completed'] as const;

export interface FilterState {
  property_ids: string[];
  stay_from: string;
  stay_to: string;
  statuses: string[];
}

function SkipBadge({ reason }: { reason: BroadcastCandidate['skip_reason'] }) {
  const { t } = useTranslation('broadcasts');
  if (!reason)
    return (
      <Badge color="teal" variant="light">
        {t('recipients.willReceive')}
      </Badge>
    );
  return (
    <Badge color="gray" variant="light">
      {t(`skip.${reason}`)}
    </Badge>
  );
}

/** Step 1: property, stay dates and booking status; then the guests it chooses and who is skipped, and why. */
export function RecipientsStep({
  filter,
  onChange,
  onSearch,
  searching,
  result,
  error,
}: {
  filter: FilterState;
  onChange: (next: FilterState) => void;
  onSearch: () => void;
  searching: boolean;
  result: BroadcastRecipientsAnswer | null;
  error: string | null;
}) {
  const { t, i18n } = useTranslation('broadcasts');
  const isMobile = useIsMobile();
  const properties = useQuery(propertiesQuery);
  const options = (properties.data?.items ?? []).map((p) => ({ value: p.id, label: p.nombre }));

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <MultiSelect
          label={t('recipients.properties')}
          placeholder={filter.property_ids.length ? undefined : t('recipients.allProperties')}
          data={options}
          value={filter.property_ids}
          onChange={(property_ids) => onChange({ ...filter, property_ids })}
          clearable
          searchable
          data-testid="broadcast-properties"
        />
        <DateField
          label={t('recipients.from')}
          value={filter.stay_from}
          onChange={(stay_from) => onChange({ ...filter, stay_from })}
          required
        />
        <DateField
          label={t('recipients.to')}
          value={filter.stay_to}
          onChange={(stay_to) => onChange({ ...filter, stay_to })}
          required
        />
      </SimpleGrid>
      <Checkbox.Group
        label={t('recipients.statuses')}
        value={filter.statuses}
        onChange={(statuses) => onChange({ ...filter, statuses })}
      >
        <Group gap="md" mt={6}>
          {filterStatuses.map((status) => (
            <Checkbox key={status} value={status} label={t(`status.${status}`)} />
          ))}
        </Group>
      </Checkbox.Group>
      <Group>
        <Button
          leftSection={<IconSearch size={16} aria-hidden />}
          onClick={onSearch}
          loading={searching}
          disabled={!filter.stay_from || !filter.stay_to || filter.statuses.length === 0}
        >
          {t('recipients.search')}
        </Button>
      </Group>
      {error ? (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      ) : null}
      {result ? (
        <Stack gap="sm" data-testid="broadcast-recipients">
          <Group gap="xs">
            <IconUsers size={18} aria-hidden />
            <Text fw={600} data-testid="broadcast-count">
              {t('recipients.count', { count: result.count })}
            </Text>
            {result.skipped > 0 ? (
              <Text c="dimmed" size="sm">
                {t('recipients.skipped', { count: result.skipped })}
              </Text>
            ) : null}
          </Group>
          {result.items.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('recipients.none')}
            </Text>
          ) : isMobile ? (
            <Stack gap="xs">
              {result.items.map((item) => (
                <Paper key={item.booking_id} withBorder p="sm" radius="md">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Text fw={600} truncate>
                        {item.guest_name}
                      </Text>
                      <Text size="sm" c="dimmed" dir="ltr" style={{ textAlign: 'start' }}>
                        {item.phone || '—'}
                      </Text>
                      <Text size="sm">{item.property_name}</Text>
                      <Text size="xs" c="dimmed">
                        {formatStay(item.arrival, item.departure, i18n.language)}
                      </Text>
                    </Stack>
                    <SkipBadge reason={item.skip_reason} />
                  </Group>
                </Paper>
              ))}
            </Stack>
          ) : (
            <ScrollArea.Autosize mah={360}>
              <Table striped highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('recipients.guest')}</Table.Th>
                    <Table.Th>{t('recipients.phone')}</Table.Th>
                    <Table.Th>{t('recipients.property')}</Table.Th>
                    <Table.Th>{t('recipients.stay')}</Table.Th>
                    <Table.Th>{t('recipients.state')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.items.map((item) => (
                    <Table.Tr key={item.booking_id}>
                      <Table.Td>{item.guest_name}</Table.Td>
                      <Table.Td>
                        <span dir="ltr">{item.phone || '—'}</span>
                      </Table.Td>
                      <Table.Td>{item.property_name}</Table.Td>
                      <Table.Td>{formatStay(item.arrival, item.departure, i18n.language)}</Table.Td>
                      <Table.Td>
                        <SkipBadge reason={item.skip_reason} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          )}
        </Stack>
      ) : null}
    </Stack>
  );
}
