import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { NotificationPreference, NotificationPreferences } from '@posada/contracts/notifications';
import { IconBrandWhatsapp, IconDeviceFloppy, IconInfoCircle, IconMail } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { PlanUpgradePrompt } from '../../../components/plan-upgrade-prompt.tsx';
import { pathTo } from '../../../config/routes.ts';
import { notify } from '../../../lib/notify.ts';
import { notificationsApi, notificationsKeys, preferencesQuery } from '../api/notifications-api.ts';
import { KindIcon } from './kind-icon.tsx';

function WhatsAppBlocked({ whatsapp }: { whatsapp: NotificationPreferences['whatsapp'] }) {
  const { t } = useTranslation('notifications');
  if (whatsapp.available) {
    return (
      <Text size="sm" c="dimmed" data-testid="whatsapp-target">
        {t('delivery.whatsappTo', { phone: whatsapp.phone ?? '' })}
      </Text>
    );
  }
  if (whatsapp.blocked_by === 'plan')
    return (
      <PlanUpgradePrompt
        testId="whatsapp-upgrade"
        texts={{
          title: t('delivery.plan.title'),
          body: t('delivery.plan.body'),
          cta: t('delivery.plan.cta'),
        }}
      />
    );
  return (
    <Alert
      color={whatsapp.blocked_by === 'no_phone' ? 'yellow' : 'gray'}
      variant="light"
      radius="md"
      icon={<IconInfoCircle size={18} aria-hidden />}
      data-testid="whatsapp-blocked"
      data-reason={whatsapp.blocked_by}
    >
      <Text size="sm">{t(`delivery.blocked.${whatsapp.blocked_by ?? 'not_configured'}`)}</Text>
      {whatsapp.blocked_by === 'no_phone' ? (
        <Anchor component={Link} to={pathTo('configAccount')} size="sm" fw={600}>
          {t('delivery.addPhone')}
        </Anchor>
      ) : null}
    </Alert>
  );
}

/**
 * The operator's delivery matrix of a property: for each kind of notification, by e-mail and by WhatsApp
 * to their own phone. WhatsApp switches stay off and disabled, with the reason, when it cannot be sent.
 */
export function DeliveryPreferences({ propertyId }: { propertyId: string }) {
  const { t } = useTranslation('notifications');
  const queryClient = useQueryClient();
  const query = useQuery(preferencesQuery(propertyId));
  const [rows, setRows] = useState<NotificationPreference[]>([]);
  useEffect(() => {
    if (query.data) setRows(query.data.preferences);
  }, [query.data]);

  const save = useMutation({
    mutationFn: () => notificationsApi.savePreferences(propertyId, { preferences: rows }),
    onSuccess: (data) => {
      queryClient.setQueryData(notificationsKeys.preferences(propertyId), data);
      notify.success(t('delivery.saved'));
    },
    onError: (error) => notify.error(error.message || t('delivery.failed')),
  });

  const set = (kind: string, channel: 'email' | 'whatsapp', value: boolean) =>
    setRows((list) => list.map((r) => (r.kind === kind ? { ...r, [channel]: value } : r)));
  const dirty = JSON.stringify(rows) !== JSON.stringify(query.data?.preferences ?? []);
  const whatsapp = query.data?.whatsapp;

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} data-testid="delivery-preferences">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="h4">
            {t('delivery.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('delivery.description')}
          </Text>
        </Stack>
        {query.isPending ? (
          <Stack gap="xs" aria-busy="true">
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <Skeleton key={i} height={28} />
            ))}
          </Stack>
        ) : query.isError ? (
          <LoadError title={t('delivery.loadError')} onRetry={() => void query.refetch()} />
        ) : (
          <>
            {whatsapp ? <WhatsAppBlocked whatsapp={whatsapp} /> : null}
            <Table verticalSpacing="xs" horizontalSpacing="xs" layout="fixed">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('delivery.kind')}</Table.Th>
                  <Table.Th w={{ base: 72, sm: 120 }} ta="center">
                    <Group gap={4} justify="center" wrap="nowrap">
                      <IconMail size={16} aria-hidden />
                      <Text size="sm" fw={600} visibleFrom="xs">
                        {t('delivery.email')}
                      </Text>
                    </Group>
                  </Table.Th>
                  <Table.Th w={{ base: 72, sm: 120 }} ta="center">
                    <Group gap={4} justify="center" wrap="nowrap">
                      <IconBrandWhatsapp size={16} aria-hidden />
                      <Text size="sm" fw={600} visibleFrom="xs">
                        {t('delivery.whatsapp')}
                      </Text>
                    </Group>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => {
                  const label = t(`kinds.${r.kind}`);
                  return (
                    <Table.Tr key={r.kind} data-kind={r.kind}>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <KindIcon kind={r.kind} size={24} />
                          <Text size="sm" style={{ minWidth: 0 }}>
                            {label}
                          </Text>
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Group justify="center">
                          <Switch
                            checked={r.email}
                            onChange={(e) => set(r.kind, 'email', e.currentTarget.checked)}
                            aria-label={t('delivery.emailFor', { kind: label })}
                          />
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Group justify="center">
                          <Switch
                            checked={r.whatsapp}
                            disabled={!whatsapp?.available && !r.whatsapp}
                            onChange={(e) => set(r.kind, 'whatsapp', e.currentTarget.checked)}
                            aria-label={t('delivery.whatsappFor', { kind: label })}
                            color="green"
                          />
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
            <Group justify="flex-end">
              <Button
                leftSection={<IconDeviceFloppy size={16} aria-hidden />}
                onClick={() => save.mutate()}
                loading={save.isPending}
                disabled={!dirty}
                data-testid="save-delivery"
              >
                {t('delivery.save')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
