import {
  Alert,
  Button,
  Drawer,
  Group,
  type MantineSize,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import type { BroadcastRecipient } from '@posada/contracts/broadcasts';
import { IconPlayerStop } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../components/confirm-delete.tsx';
import { formatDateTime } from '../../../lib/intl.ts';
import { notify } from '../../../lib/notify.ts';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';
import { broadcastDetailQuery, useCancelBroadcast } from '../api/broadcasts-api.ts';
import { apiErrorText } from '../lib/progress.ts';
import { recipientReasonOf } from '../lib/recipient-reason.ts';
import { BroadcastStatusBadge, RecipientStatusBadge } from './status-badge.tsx';

/** One broadcast per recipient: the status of each message (delivered and read arrive by webhook), cancel. */
export function BroadcastDetailDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('broadcasts');
  const isMobile = useIsMobile();
  const detail = useQuery({
    ...broadcastDetailQuery(id ?? '', i18n.resolvedLanguage ?? 'es'),
    enabled: !!id,
  });
  const cancel = useCancelBroadcast();
  const data = detail.data;

  const askCancel = () =>
    confirmDelete({
      title: t('cancel.title'),
      body: t('cancel.body'),
      confirm: t('cancel.confirm'),
      onConfirm: () =>
        cancel.mutate(id ?? '', {
          onSuccess: () => notify.success(t('toast.cancelled')),
          onError: (error) => notify.error(apiErrorText(error, t('errors.generic'))),
        }),
    });

  return (
    <Drawer
      opened={!!id}
      onClose={onClose}
      position={i18n.dir() === 'rtl' ? 'left' : 'right'}
      size={isMobile ? '100%' : 'xl'}
      title={data ? data.template_name : t('detail.title')}
    >
      {detail.isError ? (
        <Alert color="red" variant="light" role="alert">
          {apiErrorText(detail.error, t('errors.generic'))}
        </Alert>
      ) : !data ? (
        <Stack gap="sm" aria-busy>
          <Skeleton h={20} w="50%" />
          <Skeleton h={120} />
        </Stack>
      ) : (
        <Stack gap="md" data-testid="broadcast-detail">
          <Group justify="space-between">
            <Group gap="xs">
              <BroadcastStatusBadge status={data.status} />
              <Text size="sm" c="dimmed">
                {formatDateTime(data.created_at, i18n.language)}
              </Text>
            </Group>
            {data.status === 'sending' ? (
              <Button
                color="red"
                variant="light"
                size="xs"
                leftSection={<IconPlayerStop size={14} aria-hidden />}
                onClick={askCancel}
                loading={cancel.isPending}
              >
                {t('cancel.action')}
              </Button>
            ) : null}
          </Group>
          {isMobile ? (
            <Stack gap="xs">
              {data.recipients.map((r) => (
                <Paper key={r.id} withBorder p="sm" radius="md" data-testid="broadcast-recipient">
                  <Group justify="space-between" wrap="nowrap">
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text fw={600} truncate>
                        {r.guest_name}
                      </Text>
                      <Text size="sm" c="dimmed" dir="ltr" style={{ textAlign: 'start' }}>
                        +{r.phone}
                      </Text>
                      <RecipientReasonText recipient={r} size="xs" />
                    </Stack>
                    <RecipientStatusBadge status={r.status} />
                  </Group>
                </Paper>
              ))}
            </Stack>
          ) : (
            <ScrollArea>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('recipients.guest')}</Table.Th>
                    <Table.Th>{t('recipients.phone')}</Table.Th>
                    <Table.Th>{t('recipients.state')}</Table.Th>
                    {/* A provider's reason is a sentence: it wraps in its column, names and phones stay whole. */}
                    <Table.Th w="40%">{t('detail.reason')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.recipients.map((r) => (
                    <Table.Tr key={r.id} data-testid="broadcast-recipient">
                      <Table.Td>{r.guest_name}</Table.Td>
                      <Table.Td>
                        <span dir="ltr">+{r.phone}</span>
                      </Table.Td>
                      <Table.Td>
                        <RecipientStatusBadge status={r.status} />
                      </Table.Td>
                      <Table.Td>{r.reason ? <RecipientReasonText recipient={r} size="sm" /> : '—'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          )}
        </Stack>
      )}
    </Drawer>
  );
}

/**
 * Why a recipient got nothing: a provider's failure in the reader's words (the API's `reason_text`), else
 * Posada's own reason by its label (opted out, daily limit, no phone…).
 */
function RecipientReasonText({ recipient, size }: { recipient: BroadcastRecipient; size: MantineSize }) {
  const { t } = useTranslation('broadcasts');
  const reason = recipientReasonOf(recipient);
  if (reason.kind === 'none') return null;
  const text =
    reason.kind === 'posada'
      ? t(`skip.${reason.code}`, { defaultValue: reason.code })
      : (reason.text ?? t('detail.providerCode', { code: reason.code }));
  return (
    <Text
      size={size}
      c={recipient.status === 'failed' ? 'red.8' : 'dimmed'}
      data-testid="recipient-reason"
      data-code={reason.code}
    >
      {text}
    </Text>
  );
}
