import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  type DeliveryChannel,
  type GuestDeliveryKind,
  guestDeliveryKinds,
  type MessagingChannels,
} from '@posada/contracts/deliveries';
import { IconArrowDown, IconArrowUp, IconDeviceFloppy, IconPlus, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeliveryChannelIcon, useDeliveryWords } from '../../../components/delivery/delivery-status.tsx';
import { deliveriesApi, deliveriesKeys } from '../../../lib/api/deliveries-api.ts';
import { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import {
  addChannel,
  type ChannelOrder,
  errorsByKind,
  moveChannel,
  orderErrors,
  orderOf,
  preferencesBody,
  removeChannel,
  sameOrder,
  unusedChannels,
} from '../lib/channel-order.ts';

/**
 * For each guest kind, the channels Posada tries in order (issue 26): up and down buttons (the keyboard's
 * way to reorder: focus stays on the moved channel and the new position is announced), remove (never the
 * last one) and add. Saved with a toast; a refusal marks the kinds and keeps what was chosen.
 */
export function ChannelOrderEditor({ propertyId, data }: { propertyId: string; data: MessagingChannels }) {
  const words = useDeliveryWords();
  const { t } = words;
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'es';
  const queryClient = useQueryClient();
  const saved = orderOf(data.preferences);
  const [order, setOrder] = useState<ChannelOrder>(saved);
  const [errors, setErrors] = useState<Partial<Record<GuestDeliveryKind, string>>>({});
  const [announce, setAnnounce] = useState('');
  const focusAfter = useRef<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const savedKey = JSON.stringify(saved);
  // A new answer from the server (saved here, or reloaded) replaces the copy only when nothing is being edited.
  const dirty = !sameOrder(order, saved);
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the server's order when it changes
  useEffect(() => {
    if (!dirty) setOrder(orderOf(data.preferences));
  }, [savedKey]);
  useLayoutEffect(() => {
    if (!focusAfter.current) return;
    const target = buttons.current.get(focusAfter.current);
    focusAfter.current = null;
    target?.focus();
  });

  const configured = new Map(data.channels.map((c) => [c.channel, c.configured]));
  const save = useMutation({
    mutationFn: (body: ReturnType<typeof preferencesBody>) => deliveriesApi.savePreferences(propertyId, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(deliveriesKeys.channels(propertyId, language), answer);
      setOrder(orderOf(answer.preferences));
      setErrors({});
      notify.success(t('order.saved'));
    },
    onError: (error, body) => {
      const byKind = error instanceof ApiError ? errorsByKind(error.errors, body) : {};
      setErrors(byKind);
      notify.error(
        Object.keys(byKind).length > 0 ? t('order.fixErrors') : error.message,
        t('order.saveError'),
      );
    },
  });

  const change = (kind: GuestDeliveryKind, next: DeliveryChannel[], focusKey?: string, said?: string) => {
    setOrder((o) => ({ ...o, [kind]: next }));
    setErrors((e) => ({ ...e, [kind]: undefined }));
    focusAfter.current = focusKey ?? null;
    if (said) setAnnounce(said);
  };

  const submit = () => {
    const empty = orderErrors(order);
    if (empty.length > 0) {
      setErrors(Object.fromEntries(empty.map((k) => [k, t('order.atLeastOne')])));
      notify.warning(t('order.fixErrors'));
      return;
    }
    save.mutate(preferencesBody(order, saved));
  };

  return (
    <Stack gap="sm" data-testid="channel-order">
      <Stack gap={2}>
        <Title order={3} fz="md">
          {t('order.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('order.description')}
        </Text>
      </Stack>
      <VisuallyHidden aria-live="polite">{announce}</VisuallyHidden>
      <Stack gap="xs">
        {guestDeliveryKinds.map((kind) => {
          const kindName = words.kind(kind);
          const list = order[kind];
          const error = errors[kind];
          return (
            <Paper
              key={kind}
              withBorder
              radius="md"
              p="sm"
              data-testid="channel-order-kind"
              data-kind={kind}
              style={error ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
            >
              <Group justify="space-between" align="center" gap="sm" wrap="wrap">
                <Text size="sm" fw={600} style={{ flex: '1 1 180px' }} id={`order-${kind}`}>
                  {kindName}
                </Text>
                <Group gap={6} wrap="wrap" style={{ flex: '3 1 420px' }}>
                  <Box
                    component="ol"
                    m={0}
                    p={0}
                    aria-label={t('order.channelsOf', { kind: kindName })}
                    style={{ listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 6 }}
                  >
                    {list.map((channel, index) => {
                      const name = words.channel(channel);
                      const key = (what: string) => `${kind}:${channel}:${what}`;
                      const ref = (what: string) => (el: HTMLButtonElement | null) => {
                        if (el) buttons.current.set(key(what), el);
                        else buttons.current.delete(key(what));
                      };
                      const moveTo = (delta: -1 | 1) => {
                        const next = moveChannel(list, channel, delta);
                        const position = next.indexOf(channel) + 1;
                        // At an end the button goes away: keep the focus on the other arrow.
                        const stays = delta === -1 ? position > 1 : position < next.length;
                        change(
                          kind,
                          next,
                          key(stays ? (delta === -1 ? 'up' : 'down') : delta === -1 ? 'down' : 'up'),
                          t('order.moved', { channel: name, position, kind: kindName }),
                        );
                      };
                      return (
                        <Box
                          component="li"
                          key={channel}
                          data-testid="channel-order-item"
                          data-channel={channel}
                          data-position={index + 1}
                        >
                          <Group
                            gap={2}
                            wrap="nowrap"
                            px={6}
                            py={2}
                            style={{
                              border: '1px solid var(--mantine-color-default-border)',
                              borderRadius: 8,
                              background: 'var(--mantine-color-body)',
                            }}
                          >
                            <Badge size="sm" circle variant="light" color="gray" aria-hidden>
                              {index + 1}
                            </Badge>
                            <DeliveryChannelIcon channel={channel} />
                            <Text size="sm" fw={500} px={2}>
                              {name}
                            </Text>
                            {configured.get(channel) === false ? (
                              <Text size="xs" c="orange.8" span>
                                ({t('order.notConfigured')})
                              </Text>
                            ) : null}
                            <ActionIcon
                              ref={ref('up')}
                              size="sm"
                              variant="subtle"
                              color="gray"
                              aria-label={t('order.moveUp', { channel: name, kind: kindName })}
                              disabled={index === 0}
                              onClick={() => moveTo(-1)}
                            >
                              <IconArrowUp size={14} aria-hidden />
                            </ActionIcon>
                            <ActionIcon
                              ref={ref('down')}
                              size="sm"
                              variant="subtle"
                              color="gray"
                              aria-label={t('order.moveDown', { channel: name, kind: kindName })}
                              disabled={index === list.length - 1}
                              onClick={() => moveTo(1)}
                            >
                              <IconArrowDown size={14} aria-hidden />
                            </ActionIcon>
                            <ActionIcon
                              size="sm"
                              variant="subtle"
                              color="red"
                              aria-label={t('order.remove', { channel: name, kind: kindName })}
                              disabled={list.length <= 1}
                              onClick={() => change(kind, removeChannel(list, channel), `${kind}:add`)}
                            >
                              <IconX size={14} aria-hidden />
                            </ActionIcon>
                          </Group>
                        </Box>
                      );
                    })}
                  </Box>
                  {unusedChannels(list).map((channel, i) => (
                    <Button
                      key={channel}
                      ref={(el) => {
                        if (i > 0) return;
                        if (el) buttons.current.set(`${kind}:add`, el);
                        else buttons.current.delete(`${kind}:add`);
                      }}
                      size="compact-sm"
                      variant="subtle"
                      leftSection={<IconPlus size={14} aria-hidden />}
                      aria-label={t('order.addLabel', { channel: words.channel(channel), kind: kindName })}
                      onClick={() => change(kind, addChannel(list, channel), `${kind}:${channel}:up`)}
                    >
                      {t('order.add', { channel: words.channel(channel) })}
                    </Button>
                  ))}
                </Group>
              </Group>
              {list.length <= 1 ? (
                <Text size="xs" c="dimmed" mt={4}>
                  {t('order.atLeastOne')}
                </Text>
              ) : null}
              {error ? (
                <Text size="xs" c="red.8" mt={4} role="alert" data-testid="channel-order-error">
                  {error}
                </Text>
              ) : null}
            </Paper>
          );
        })}
      </Stack>
      {Object.values(errors).some(Boolean) ? (
        <Alert color="red" variant="light" role="alert">
          {t('order.fixErrors')}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="xs">
        {dirty ? (
          <Button
            variant="default"
            onClick={() => {
              setOrder(saved);
              setErrors({});
            }}
            disabled={save.isPending}
          >
            {t('order.discard')}
          </Button>
        ) : null}
        <Button
          leftSection={<IconDeviceFloppy size={16} aria-hidden />}
          onClick={submit}
          loading={save.isPending}
          disabled={!dirty}
          data-testid="save-channel-order"
        >
          {t('order.save')}
        </Button>
      </Group>
    </Stack>
  );
}
