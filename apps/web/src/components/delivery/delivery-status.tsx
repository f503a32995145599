import { Badge, Box, Group, type MantineSize, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import type { DeliveryChannel, DeliveryStatus } from '@posada/contracts/deliveries';
import {
  IconAlertTriangleFilled,
  IconArrowNarrowRight,
  IconBrandWhatsapp,
  IconCheck,
  IconChecks,
  IconCircleDashedMinus,
  IconClock,
  IconMail,
  IconMessage,
} from '@tabler/icons-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatRelativeTime } from '../../lib/intl.ts';
import classes from '../shell.module.css';
import { deliveryVisual } from './delivery-view.ts';

/**
 * The message-state UI shared by every screen that shows a message Posada sent (issue 26): the state's
 * glyph and words, the channel, the time. Screen readers get the state, the channel and the reason in
 * words; the glyphs are decorative.
 */

const channelColors: Record<DeliveryChannel, string> = {
  whatsapp: 'var(--mantine-color-green-7)',
  sms: 'var(--mantine-color-grape-7)',
  email: 'var(--mantine-color-blue-7)',
};

/** The channel as a small coloured icon (decorative: its name is written or read beside it). */
export function DeliveryChannelIcon({ channel, size = 14 }: { channel: DeliveryChannel; size?: number }) {
  const Icon = channel === 'whatsapp' ? IconBrandWhatsapp : channel === 'email' ? IconMail : IconMessage;
  return (
    <Icon
      size={size}
      color={channelColors[channel]}
      aria-hidden
      data-channel={channel}
      style={{ flex: 'none' }}
    />
  );
}

/** The state's glyph (decorative). */
export function DeliveryGlyph({ status, size = 14 }: { status: DeliveryStatus; size?: number }) {
  const visual = deliveryVisual(status);
  const style = { flex: 'none' as const, display: 'block' };
  switch (visual.glyph) {
    case 'clock':
      return <IconClock size={size} aria-hidden style={style} color="var(--mantine-color-gray-6)" />;
    case 'tick':
      return (
        <IconCheck
          size={size}
          aria-hidden
          style={{ ...style, opacity: visual.faded ? 0.45 : 1 }}
          color={visual.faded ? 'var(--mantine-color-gray-7)' : 'var(--mantine-color-teal-7)'}
        />
      );
    case 'double':
      return (
        <IconChecks
          size={size}
          aria-hidden
          style={style}
          color={status === 'read' ? 'var(--mantine-color-blue-6)' : 'var(--mantine-color-teal-7)'}
        />
      );
    case 'warning':
      return (
        <IconAlertTriangleFilled size={size} aria-hidden style={style} color="var(--mantine-color-red-7)" />
      );
    default:
      return (
        <IconCircleDashedMinus size={size} aria-hidden style={style} color="var(--mantine-color-gray-6)" />
      );
  }
}

/** The words of a state, a channel and a kind, and the sentence a screen reader reads for a record. */
export function useDeliveryWords() {
  const { t } = useTranslation('deliveries');
  const status = (s: DeliveryStatus) => t(`status.${s}`);
  const channel = (c: DeliveryChannel) => t(`channel.${c}`);
  /** The channel inside a sentence ("Reenviar por e-mail"). */
  const by = (c: DeliveryChannel) => t(`channelIn.${c}`);
  const kind = (k: string) => t(`kind.${k}`, { defaultValue: k });
  /** "WhatsApp: No entregado. El número no tiene WhatsApp." */
  const spoken = (s: DeliveryStatus, c?: DeliveryChannel | null, reason?: string | null) =>
    [c ? t('spoken.channelState', { channel: channel(c), state: status(s) }) : status(s), reason]
      .filter(Boolean)
      .join('. ');
  return { t, status, channel, by, kind, spoken };
}

export interface DeliveryStatusChipProps {
  status: DeliveryStatus;
  /** The provider's reason (failed) or Posada's (skipped), in the reader's language. */
  reason?: string | null;
  /** Shown as its icon in front of the state. */
  channel?: DeliveryChannel | null;
  /** The glyphs only (narrow columns): the words go to the tooltip and to screen readers. */
  compact?: boolean;
  size?: MantineSize;
  /** When the state was reached: added to the tooltip. */
  at?: string | null;
  testId?: string;
}

/**
 * A record's state as a chip: glyph and words (queued "En cola", accepted "Aceptado por el proveedor", sent,
 * delivered, read, failed "No entregado", skipped "No intentado"), the channel's icon when given, the reason
 * and time in a tooltip (focusable, so a keyboard reaches it) and in words for screen readers.
 */
export function DeliveryStatusChip({
  status,
  reason,
  channel,
  compact = false,
  size = 'sm',
  at,
  testId = 'delivery-status',
}: DeliveryStatusChipProps) {
  const words = useDeliveryWords();
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'es';
  const visual = deliveryVisual(status);
  const spoken = words.spoken(status, channel, reason);
  const tip = [spoken, at ? formatDateTime(at, language) : null].filter(Boolean).join(' · ');
  const hasTip = compact || Boolean(reason) || Boolean(at);
  const chip = (
    <Badge
      color={visual.color}
      variant="light"
      size={size}
      tt="none"
      radius="sm"
      px={compact ? 6 : undefined}
      leftSection={
        <Group gap={3} wrap="nowrap" component="span">
          {channel ? <DeliveryChannelIcon channel={channel} size={13} /> : null}
          <DeliveryGlyph status={status} size={13} />
        </Group>
      }
      styles={{ label: { overflow: 'visible' }, section: { marginInlineEnd: compact ? 0 : undefined } }}
      data-testid={testId}
      data-status={status}
      data-channel={channel ?? undefined}
      tabIndex={hasTip ? 0 : undefined}
      style={{ cursor: hasTip ? 'help' : undefined, flex: 'none' }}
    >
      {compact ? <VisuallyHidden>{spoken}</VisuallyHidden> : null}
      {compact ? null : (
        <>
          <span aria-hidden={channel || reason ? true : undefined}>{words.status(status)}</span>
          {channel || reason ? <VisuallyHidden>{spoken}</VisuallyHidden> : null}
        </>
      )}
    </Badge>
  );
  return hasTip ? (
    <Tooltip label={tip} multiline maw={320} withArrow events={{ hover: true, focus: true, touch: true }}>
      {chip}
    </Tooltip>
  ) : (
    chip
  );
}

/**
 * The state as a tick only, as messaging apps draw it (the inbox's bubbles): a clock, one faded tick
 * (accepted), one tick, two ticks, two blue ticks, a warning; the words in a tooltip and for screen readers.
 */
export function DeliveryTick({
  status,
  reason,
  channel,
  size = 14,
  testId = 'delivery-tick',
}: {
  status: DeliveryStatus;
  reason?: string | null;
  channel?: DeliveryChannel | null;
  size?: number;
  testId?: string;
}) {
  const words = useDeliveryWords();
  const spoken = words.spoken(status, channel, reason);
  return (
    <Tooltip label={spoken} multiline maw={280} withArrow events={{ hover: true, focus: true, touch: true }}>
      <Box
        component="span"
        display="inline-flex"
        role="img"
        aria-label={spoken}
        tabIndex={0}
        data-testid={testId}
        data-status={status}
      >
        <DeliveryGlyph status={status} size={size} />
      </Box>
    </Tooltip>
  );
}

/** The channels a message went through, in order: "WhatsApp → SMS" (the arrow follows the reading direction). */
export function DeliveryChannels({ channels }: { channels: readonly DeliveryChannel[] }) {
  const words = useDeliveryWords();
  return (
    <Group gap={4} wrap="wrap" component="span" data-testid="delivery-channels">
      {channels.map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a channel may be tried twice; the order is fixed
        <Fragment key={`${c}-${i}`}>
          {i > 0 ? (
            <IconArrowNarrowRight size={14} aria-hidden className={classes.mirror} style={{ flex: 'none' }} />
          ) : null}
          <Group gap={4} wrap="nowrap" component="span">
            <DeliveryChannelIcon channel={c} />
            <Text size="sm" fw={600} span>
              {words.channel(c)}
            </Text>
          </Group>
          {i < channels.length - 1 ? <VisuallyHidden>{words.t('spoken.then')}</VisuallyHidden> : null}
        </Fragment>
      ))}
    </Group>
  );
}

/**
 * How long ago ("hace 5 minutos") and when ("12 dic 2026, 10:05"): both written with `withDate`, else the
 * date in a tooltip and for screen readers.
 */
export function DeliveryTime({
  at,
  size = 'xs',
  withDate = false,
}: {
  at: string;
  size?: MantineSize;
  withDate?: boolean;
}) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'es';
  const absolute = formatDateTime(at, language);
  const relative = formatRelativeTime(at, language);
  if (withDate)
    return (
      <Text size={size} c="dimmed" span style={{ whiteSpace: 'nowrap' }}>
        <time dateTime={at}>
          {relative} · <bdi>{absolute}</bdi>
        </time>
      </Text>
    );
  return (
    <Tooltip label={absolute} withArrow>
      <Text size={size} c="dimmed" span style={{ whiteSpace: 'nowrap' }}>
        <time dateTime={at}>
          {relative}
          <VisuallyHidden> ({absolute})</VisuallyHidden>
        </time>
      </Text>
    </Tooltip>
  );
}
