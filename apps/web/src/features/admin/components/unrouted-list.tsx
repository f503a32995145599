import { Button, Group, Stack, Table, Text } from '@mantine/core';
import type { UnroutedMessage } from '@posada/contracts/inbox-unrouted';
import { IconBrandWhatsapp, IconCircleCheck, IconMessage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CardList, CardListItem } from '../../../components/card-list.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { TableSkeletonRows } from '../../../components/table-skeleton-rows.tsx';
import { formatDateTime } from '../lib/format.ts';

/** A number as people write it: '+' and its digits (a provider's internal id stays as it is). */
export const phoneLabel = (digits: string) => (/^\d{6,15}$/.test(digits) ? `+${digits}` : digits);

function Sender({ message }: { message: UnroutedMessage }) {
  const { t } = useTranslation('admin');
  const Icon = message.channel === 'whatsapp' ? IconBrandWhatsapp : IconMessage;
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Group gap={6} wrap="nowrap">
        <Icon size={16} aria-label={t(`unrouted.channels.${message.channel}`)} />
        <Text size="sm" fw={600} dir="auto" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {message.sender_name || t('unrouted.noName')}
        </Text>
      </Group>
      {message.phone ? (
        <Text size="xs" c="dimmed" dir="ltr" style={{ textAlign: 'start' }}>
          {phoneLabel(message.phone)}
        </Text>
      ) : (
        <Text size="xs" c="dimmed">
          {t('unrouted.phoneWithheld')}
        </Text>
      )}
    </Stack>
  );
}

/** The text of a text message; for any other type, what it is (and its words, when it has some). */
function MessageText({ message }: { message: UnroutedMessage }) {
  const { t } = useTranslation('admin');
  if (message.type === 'text')
    return (
      <Text size="sm" dir="auto" lineClamp={4} style={{ whiteSpace: 'pre-line' }}>
        {message.body}
      </Text>
    );
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed" fs="italic" data-testid="unrouted-unsupported">
        {t('unrouted.unsupported', { type: message.type })}
      </Text>
      {message.body ? (
        <Text size="sm" dir="auto" lineClamp={3} style={{ whiteSpace: 'pre-line' }}>
          {message.body}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Waiting: the button; assigned: the account it went to (no link: the admin has no inbox of theirs). */
function Outcome({
  message,
  onAssign,
}: {
  message: UnroutedMessage;
  onAssign: (m: UnroutedMessage) => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage ?? 'es';
  if (message.assigned)
    return (
      <Stack gap={2} align="flex-start" data-testid="unrouted-assigned">
        <Group gap={4} wrap="nowrap" align="flex-start">
          <IconCircleCheck
            size={16}
            color="var(--mantine-color-teal-7)"
            aria-hidden
            style={{ flexShrink: 0 }}
          />
          <Text size="sm" c="teal.8" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {t('unrouted.assignedTo', {
              account: message.assigned.account_name || t('unrouted.accountGone'),
            })}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {formatDateTime(message.assigned.at, language)}
        </Text>
      </Stack>
    );
  if (!message.assignable)
    return (
      <Text size="xs" c="dimmed" maw={220}>
        {t('unrouted.notAssignable')}
      </Text>
    );
  return (
    <Button
      size="xs"
      variant="light"
      onClick={() => onAssign(message)}
      aria-label={t('unrouted.assignAria', { sender: message.sender_name || phoneLabel(message.phone) })}
    >
      {t('unrouted.assign')}
    </Button>
  );
}

/** The unrouted messages: a table on a desktop, cards on a phone; skeletons until the first page arrives. */
export function UnroutedList({
  messages,
  loading,
  mobile,
  onAssign,
}: {
  messages: UnroutedMessage[] | undefined;
  loading: boolean;
  mobile: boolean;
  onAssign: (message: UnroutedMessage) => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage ?? 'es';
  if (mobile) {
    if (!messages) return <ListSkeleton />;
    return (
      <CardList label={t('unrouted.tableLabel')} busy={loading}>
        {messages.map((m, index) => (
          <CardListItem key={m.id} divided={index > 0}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Sender message={m} />
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(m.received_at, language)}
              </Text>
            </Group>
            <MessageText message={m} />
            <Text size="xs" c="dimmed">
              {t('unrouted.sentTo')}{' '}
              <Text span size="xs" dir="ltr">
                {phoneLabel(m.recipient) || '—'}
              </Text>
            </Text>
            <Outcome message={m} onAssign={onAssign} />
          </CardListItem>
        ))}
      </CardList>
    );
  }
  return (
    <Table.ScrollContainer type="native" minWidth={900}>
      <Table verticalSpacing="sm" aria-label={t('unrouted.tableLabel')} aria-busy={loading}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('unrouted.columns.sender')}</Table.Th>
            <Table.Th>{t('unrouted.columns.sentTo')}</Table.Th>
            <Table.Th>{t('unrouted.columns.received')}</Table.Th>
            <Table.Th>{t('unrouted.columns.message')}</Table.Th>
            <Table.Th>{t('unrouted.columns.account')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {messages ? (
            messages.map((m) => (
              <Table.Tr key={m.id} data-testid="unrouted-row">
                <Table.Td maw={220}>
                  <Sender message={m} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" dir="ltr" style={{ textAlign: 'start', whiteSpace: 'nowrap' }}>
                    {phoneLabel(m.recipient) || '—'}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{formatDateTime(m.received_at, language)}</Text>
                </Table.Td>
                <Table.Td miw={260}>
                  <MessageText message={m} />
                </Table.Td>
                <Table.Td maw={240}>
                  <Outcome message={m} onAssign={onAssign} />
                </Table.Td>
              </Table.Tr>
            ))
          ) : (
            <TableSkeletonRows columns={5} />
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
