import type { BookingChannel } from '@posada/domain/booking-rules';
import { IconAlertTriangleFilled } from '@tabler/icons-react';
import { ChannelLogo } from '../../../../lib/channel-logo.tsx';
import type { BarLook } from '../lib/booking-style.ts';

/**
 * The marks at the start of a booking's bar: the overbooking warning, then the source's logo (bare on a
 * channel-coloured bar, on its own badge for web). `room` is the bar's width in pixels, so a short bar
 * keeps the warning and drops the logo first. Decorative: the bar's label says both.
 */
export function BookingBarMarks({
  look,
  channel,
  room,
  size = 14,
}: {
  look: BarLook;
  channel: BookingChannel;
  room: number;
  size?: number;
}) {
  const warning = look.warning && room > size + 8;
  const logo = look.logo !== null && room > (warning ? 2 * size + 24 : size + 20);
  return (
    <>
      {warning ? (
        <IconAlertTriangleFilled
          size={size}
          style={{ flex: 'none' }}
          aria-hidden
          data-testid="overbooking-mark"
        />
      ) : null}
      {logo ? (
        <ChannelLogo channel={channel} size={size + 2} badge={look.logo === 'badge'} color={look.color} />
      ) : null}
    </>
  );
}
