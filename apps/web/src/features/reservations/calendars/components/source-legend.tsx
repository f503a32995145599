import { Group, Text } from '@mantine/core';
import type { BookingChannel } from '@posada/domain/booking-rules';
import { useTranslation } from 'react-i18next';
import { channelName } from '../../../../lib/channel-brand.ts';
import { barLook, legendSources } from '../lib/booking-style.ts';
import { BookingBarMarks } from './booking-bar-marks.tsx';

/** A small bar as the calendar draws it for a source (or an overbooking). */
function SourceSwatch({ channel, overbooking = false }: { channel: BookingChannel; overbooking?: boolean }) {
  const look = barLook({ status: overbooking ? 'overbooking' : 'booked', channel });
  return (
    <span
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 2,
        width: 40,
        height: 18,
        paddingInline: 3,
        borderRadius: 4,
        background: look.background,
        color: look.color ?? 'var(--mantine-color-white)',
        flex: 'none',
      }}
    >
      <BookingBarMarks look={look} channel={channel} room={overbooking ? 30 : 40} size={12} />
    </span>
  );
}

/**
 * The sources of the calendar's bars: manual and web keep the status colours, each channel its own colour
 * and logo, an overbooking red with a warning. `compact` lays them in a row (under a short calendar).
 */
export function SourceLegendItems({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('calendar');
  return (
    <>
      {legendSources.map((channel) => (
        <Group key={channel} gap={8} wrap="nowrap" data-testid="legend-source" data-channel={channel}>
          <SourceSwatch channel={channel} />
          <Text size="xs" c={compact ? 'dimmed' : undefined}>
            {channelName(channel, t)}
          </Text>
        </Group>
      ))}
      <Group gap={8} wrap="nowrap" data-testid="legend-overbooking">
        <SourceSwatch channel="airbnb" overbooking />
        <Text size="xs" c={compact ? 'dimmed' : undefined}>
          {t('legend.overbooking')}
        </Text>
      </Group>
    </>
  );
}
