import type { CalendarChannelName } from '@posada/contracts/channels';
import { channelBrands } from '../lib/channel-brand.ts';

/** A channel's mark: its brand colour with the white glyph of lib/channel-brand.ts. */
export function ChannelMark({
  channel,
  size = 40,
  title,
}: {
  channel: CalendarChannelName;
  size?: number;
  /** Read aloud when the mark stands alone; omit when the channel's name is written beside it. */
  title?: string;
}) {
  const brand = channelBrands[channel];
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      style={{ flexShrink: 0, borderRadius: size / 4.5 }}
    >
      <rect width="24" height="24" rx="5.5" fill={brand.color} />
      <g transform="translate(3.6 3.6) scale(0.7)">
        <path d={brand.markPath} fill="#fff" fillRule="evenodd" />
      </g>
    </svg>
  );
}
