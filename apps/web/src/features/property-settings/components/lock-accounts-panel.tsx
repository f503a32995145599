import {
  Alert,
  Badge,
  Button,
  Divider,
  Group,
  Paper,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type ConnectLockAccountBody,
  type LockAccount,
  type LockVendorName,
  lockVendorFields,
  lockVendors,
} from '@posada/contracts/smart-locks';
import { IconLock, IconPlugConnected, IconPlugConnectedX } from '@tabler/icons-react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../components/confirm-delete.tsx';
import { ApiError } from '../../../lib/api.ts';
import {
  lockAccountsQuery,
  propertyLocksQuery,
  remoteLocksQuery,
  useAssignLock,
  useConnectLockAccount,
  useDisconnectLockAccount,
  useUnassignLock,
} from '../api/smart-locks-api.ts';
import classes from './settings.module.css';

const errorText = (error: unknown) => (error instanceof Error ? error.message : null);

/** One vendor: connected (its name, disconnect with confirmation) or a plain "not connected" with its form. */
function VendorRow({
  vendor,
  account,
  locked,
}: {
  vendor: LockVendorName;
  account?: LockAccount;
  locked: boolean;
}) {
  const { t } = useTranslation('settings');
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Record<string, string>>({});
  const connect = useConnectLockAccount();
  const disconnect = useDisconnectLockAccount();
  const fields = lockVendorFields[vendor];
  const fieldErrors = connect.error instanceof ApiError ? connect.error.errors : {};
  const submit = () =>
    connect.mutate({ vendor, ...values } as ConnectLockAccountBody, {
      onSuccess: () => {
        setOpen(false);
        setValues({});
      },
    });
  return (
    <Paper withBorder radius="md" p="md" data-testid={`lock-vendor-${vendor}`}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap">
          {account ? (
            <IconPlugConnected size={20} aria-hidden />
          ) : (
            <IconPlugConnectedX size={20} aria-hidden />
          )}
          <Stack gap={0}>
            <Text fw={600}>{t(`locks.vendors.${vendor}`)}</Text>
            <Text size="sm" c="dimmed">
              {account ? account.label : t('locks.accounts.notConnected')}
            </Text>
          </Stack>
          {account ? (
            <Badge color={account.status === 'connected' ? 'green' : 'red'} variant="light" tt="none">
              {t(account.status === 'connected' ? 'locks.accounts.connected' : 'locks.accounts.error')}
            </Badge>
          ) : null}
        </Group>
        {account ? (
          <Button
            variant="subtle"
            color="red"
            disabled={locked}
            loading={disconnect.isPending}
            onClick={() =>
              confirmDelete({
                title: t('locks.accounts.disconnectTitle', { vendor: t(`locks.vendors.${vendor}`) }),
                body: t('locks.accounts.disconnectBody'),
                confirm: t('locks.accounts.disconnect'),
                onConfirm: () => disconnect.mutate(account.id),
              })
            }
          >
            {t('locks.accounts.disconnect')}
          </Button>
        ) : !open ? (
          <Button variant="light" disabled={locked} onClick={() => setOpen(true)}>
            {t('locks.accounts.connect')}
          </Button>
        ) : null}
      </Group>
      {!account && open ? (
        <Stack gap="sm" mt="md">
          <Text size="sm" c="dimmed">
            {t(`locks.accounts.help.${vendor}`)}
          </Text>
          {fields.map((f) => {
            const Input = f.secret ? PasswordInput : TextInput;
            return (
              <Input
                key={f.name}
                label={t(`locks.accounts.fields.${f.name}`)}
                value={values[f.name] ?? ''}
                onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.currentTarget.value }))}
                error={fieldErrors[f.name]?.[0]}
                autoComplete="off"
                spellCheck={false}
                maw={420}
                classNames={{ input: classes.ltrInput }}
              />
            );
          })}
          {connect.error && Object.keys(fieldErrors).length === 0 ? (
            <Alert color="red" variant="light" role="alert">
              {errorText(connect.error)}
            </Alert>
          ) : null}
          <Group gap="sm">
            <Button onClick={submit} loading={connect.isPending}>
              {t('locks.accounts.connect')}
            </Button>
            <Button variant="default" onClick={() => setOpen(false)}>
              {t('locks.accounts.cancel')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Paper>
  );
}

/**
 * The smart-lock accounts and lock picker (issue 14): connect a vendor, then choose the lock that opens
 * the property, or each hotel room's. Not part of the section form: each change is saved at once.
 */
export function LockAccountsPanel({ propertyId, locked }: { propertyId: string; locked: boolean }) {
  const { t } = useTranslation('settings');
  const accounts = useQuery(lockAccountsQuery());
  const property = useQuery(propertyLocksQuery(propertyId));
  const connected = accounts.data ?? [];
  const locks = useQueries({ queries: connected.map((a) => remoteLocksQuery(a.id)) });
  const assign = useAssignLock(propertyId);
  const unassign = useUnassignLock(propertyId);

  const options = connected.flatMap((a, i) =>
    (locks[i]?.data ?? []).map((l) => ({
      value: `${a.id}|${l.id}`,
      label: `${l.name} · ${t(`locks.vendors.${a.vendor}`)}${l.online ? '' : ` (${t('locks.picker.offline')})`}`,
    })),
  );
  const lockError = locks.find((q) => q.error)?.error;
  const assignments = property.data?.assignments ?? [];
  const valueFor = (roomId: string | null) => {
    const a = assignments.find((x) => x.room_id === roomId);
    return a ? `${a.lock_account_id}|${a.remote_lock_id}` : null;
  };
  const nameFor = (roomId: string | null) => assignments.find((x) => x.room_id === roomId)?.lock_name;
  const choose = (roomId: string | null, value: string | null) => {
    if (!value) return unassign.mutate(roomId);
    const [lockAccountId = '', remoteLockId = ''] = value.split('|');
    const label = options.find((o) => o.value === value)?.label.split(' · ')[0] ?? '';
    assign.mutate({
      room_id: roomId,
      lock_account_id: lockAccountId,
      remote_lock_id: remoteLockId,
      lock_name: label,
    });
  };
  const picker = (roomId: string | null, label: string) => {
    const value = valueFor(roomId);
    // A lock assigned earlier stays visible even when the vendor cannot be asked right now.
    const data =
      value && !options.some((o) => o.value === value)
        ? [...options, { value, label: nameFor(roomId) ?? value }]
        : options;
    return (
      <Select
        key={roomId ?? 'property'}
        label={label}
        placeholder={t('locks.picker.none')}
        data={data}
        value={value}
        onChange={(v) => choose(roomId, v)}
        clearable
        disabled={locked || connected.length === 0}
        maw={420}
        leftSection={<IconLock size={16} aria-hidden />}
        data-testid={roomId ? `lock-room-${roomId}` : 'lock-property'}
      />
    );
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="h4">
            {t('locks.accounts.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('locks.accounts.hint')}
          </Text>
        </Stack>
        {lockVendors.map((vendor) => (
          <VendorRow
            key={vendor}
            vendor={vendor}
            account={connected.find((a) => a.vendor === vendor)}
            locked={locked}
          />
        ))}
        <Divider />
        <Stack gap={4}>
          <Title order={3} fz="h5">
            {t('locks.picker.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {connected.length === 0 ? t('locks.picker.connectFirst') : t('locks.picker.hint')}
          </Text>
        </Stack>
        {lockError ? (
          <Alert color="red" variant="light" role="alert">
            {errorText(lockError)}
          </Alert>
        ) : null}
        {assign.error || unassign.error ? (
          <Alert color="red" variant="light" role="alert">
            {errorText(assign.error ?? unassign.error)}
          </Alert>
        ) : null}
        {picker(null, t('locks.picker.property'))}
        {(property.data?.rooms ?? []).map((room) =>
          picker(room.id, t('locks.picker.room', { room: room.name })),
        )}
      </Stack>
    </Paper>
  );
}
