import {
  Box,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Radio,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { AdminAccount } from '@posada/contracts/admin-billing';
import type { UnroutedMessage } from '@posada/contracts/inbox-unrouted';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert.tsx';
import { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { useAccountOptions, useAssignUnrouted } from '../api/unrouted-api.ts';
import { phoneLabel } from './unrouted-list.tsx';

/**
 * "Assign to an account": pick the account (searched by name, owner or e-mail over the back office's account
 * list), confirm, and the message moves into that account's inbox. A toast says where it went.
 */
export function AssignUnroutedModal({
  message,
  onClose,
}: {
  message: UnroutedMessage | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const [input, setInput] = useState('');
  const [search] = useDebouncedValue(input.trim(), 300);
  const [chosen, setChosen] = useState<AdminAccount | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const accounts = useAccountOptions(search, message !== null);
  const assign = useAssignUnrouted();
  const sender = message ? message.sender_name || phoneLabel(message.phone) : '';

  const close = () => {
    setInput('');
    setChosen(null);
    setConfirming(false);
    setAlert(null);
    onClose();
  };

  const submit = () => {
    if (!message || !chosen) return;
    setAlert(null);
    assign.mutate(
      { id: message.id, accountId: chosen.id },
      {
        onSuccess: () => {
          notify.success(t('unrouted.assigned', { sender, account: chosen.name }));
          close();
        },
        onError: (error) => {
          setConfirming(false);
          setAlert(error instanceof ApiError ? error.message : t('common:errors.unexpected'));
        },
      },
    );
  };

  const items = accounts.data?.items;
  return (
    <Modal
      opened={message !== null}
      onClose={close}
      title={confirming ? t('unrouted.confirmTitle') : t('unrouted.pickTitle')}
      centered
      size="lg"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {message ? (
        <Stack gap="md">
          {alert ? <FormAlert>{alert}</FormAlert> : null}
          <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-default-hover)">
            <Text size="xs" c="dimmed">
              {t('unrouted.from', { sender })}
            </Text>
            <Text size="sm" dir="auto" lineClamp={3}>
              {message.type === 'text' ? message.body : t('unrouted.unsupported', { type: message.type })}
            </Text>
          </Paper>
          {confirming && chosen ? (
            <>
              <Text size="sm">{t('unrouted.confirmText', { sender, account: chosen.name })}</Text>
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={() => setConfirming(false)} disabled={assign.isPending}>
                  {t('unrouted.back')}
                </Button>
                <Button onClick={submit} loading={assign.isPending}>
                  {t('unrouted.confirm')}
                </Button>
              </Group>
            </>
          ) : (
            <>
              <TextInput
                label={t('unrouted.accountSearchLabel')}
                placeholder={t('unrouted.accountSearchPlaceholder')}
                leftSection={<IconSearch size={16} />}
                rightSection={accounts.isFetching ? <Loader size="xs" /> : null}
                value={input}
                onChange={(e) => setInput(e.currentTarget.value)}
                type="search"
                data-autofocus
              />
              {/* A plain scrolling box: a ScrollArea lets long names push the cards wider than the phone. */}
              <Box mah={300} style={{ overflowY: 'auto', overflowX: 'hidden' }}>
                <Radio.Group
                  value={chosen?.id ?? null}
                  onChange={(id) => setChosen(items?.find((a) => a.id === id) ?? null)}
                  aria-label={t('unrouted.accountListLabel')}
                >
                  <Stack gap="xs">
                    {items ? (
                      items.length === 0 ? (
                        <Text size="sm" c="dimmed" py="sm">
                          {t('unrouted.noAccounts', { search })}
                        </Text>
                      ) : (
                        items.map((a) => (
                          <Radio.Card key={a.id} value={a.id} radius="md" p="sm">
                            <Group wrap="nowrap" gap="sm" align="flex-start">
                              <Radio.Indicator />
                              <Stack gap={0} style={{ minWidth: 0 }}>
                                <Text size="sm" fw={600} truncate>
                                  {a.name}
                                </Text>
                                <Text size="xs" c="dimmed" truncate>
                                  {[a.owner_name, a.owner_email].filter(Boolean).join(' · ') || '—'}
                                </Text>
                              </Stack>
                            </Group>
                          </Radio.Card>
                        ))
                      )
                    ) : (
                      ['a', 'b', 'c'].map((k) => <Skeleton key={k} h={52} radius="md" />)
                    )}
                  </Stack>
                </Radio.Group>
              </Box>
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={close}>
                  {t('common:actions.cancel')}
                </Button>
                <Button disabled={!chosen} onClick={() => setConfirming(true)}>
                  {t('unrouted.continue')}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      ) : null}
    </Modal>
  );
}
