import { Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CardList, CardListItem } from '../../../components/card-list.tsx';
import { formatDateTime, formatStay } from '../../../lib/intl.ts';
import { countryName } from '../../../lib/phone-countries.ts';
import { useCurrentUser } from '../../../lib/use-session.ts';
import type { HistoryGuest } from '../api/checkins-api.ts';

/** The check-in history as a table's head and body (wider screens): one row a guest. */
export function HistoryRows({ items, onView }: { items: HistoryGuest[]; onView: (id: string) => void }) {
  const { t, i18n } = useTranslation('checkins');
  const language = i18n.resolvedLanguage ?? 'es';
  const { data: user } = useCurrentUser();
  const showProperty = (user?.properties.length ?? 0) > 1;
  return (
    <>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('list.guest')}</Table.Th>
          <Table.Th>{t('fields.document_number')}</Table.Th>
          <Table.Th>{t('fields.country')}</Table.Th>
          {showProperty ? <Table.Th>{t('list.property')}</Table.Th> : null}
          <Table.Th>{t('list.stay')}</Table.Th>
          <Table.Th>{t('detail.registeredAt')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((guest) => (
          <Table.Tr
            key={guest.id}
            data-testid="history-row"
            style={{ cursor: 'pointer' }}
            onClick={() => onView(guest.checkin_id)}
          >
            <Table.Td>
              <Text size="sm" fw={600} dir="auto">
                {guest.first_name} {guest.last_name}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" dir="ltr" span>
                {guest.document_type === 'passport' ? 'P · ' : ''}
                {guest.document_number}
              </Text>
            </Table.Td>
            <Table.Td>{guest.country ? countryName(guest.country, language) : '—'}</Table.Td>
            {showProperty ? (
              <Table.Td>
                <Text size="sm" dir="auto">
                  {guest.property_name}
                </Text>
              </Table.Td>
            ) : null}
            <Table.Td>{formatStay(guest.start_date, guest.end_date, language)}</Table.Td>
            <Table.Td>{formatDateTime(guest.created_at, language)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </>
  );
}

/** The check-in history as cards (phones). */
export function HistoryCards({ items, onView }: { items: HistoryGuest[]; onView: (id: string) => void }) {
  const { t, i18n } = useTranslation('checkins');
  const language = i18n.resolvedLanguage ?? 'es';
  return (
    <CardList label={t('history.title')}>
      {items.map((guest, index) => (
        <CardListItem key={guest.id} divided={index > 0}>
          <Stack gap={2} data-testid="history-row" onClick={() => onView(guest.checkin_id)}>
            <Text fw={600} dir="auto">
              {guest.first_name} {guest.last_name}
            </Text>
            <Text size="xs" c="dimmed" dir="auto">
              {guest.property_name} · {formatStay(guest.start_date, guest.end_date, language)}
            </Text>
            <Text size="xs" c="dimmed">
              {guest.country ? countryName(guest.country, language) : ''}
            </Text>
          </Stack>
        </CardListItem>
      ))}
    </CardList>
  );
}
