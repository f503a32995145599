import type { BookingChannel } from '@posada/domain/booking-rules';
import { channelBrand } from './channel-brand.ts';

/**
 * A source's mark (lib/channel-brand.ts) as inline SVG: on its brand colour in a rounded square
 * (`badge`), or bare in `color` (currentColor by default). Decorative: the name is always said beside it
 * or in the owner's accessible label.
 */
export function ChannelLogo({
  channel,
  size = 16,
  badge = true,
  color,
}: {
  channel: BookingChannel;
  size?: number;
  badge?: boolean;
  color?: string;
}) {
  const brand = channelBrand[channel];
  const ink = badge ? brand.onColor : (color ?? 'currentColor');
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      data-channel-logo={channel}
      style={{ flex: 'none', display: 'inline-block', verticalAlign: 'middle' }}
    >
      {badge ? <rect width="24" height="24" rx="6" fill={brand.color} /> : null}
      <g transform={badge ? 'translate(3 3) scale(0.75)' : undefined}>
        {brand.logo.map((part) =>
          part.fill ? (
            <path key={part.d} d={part.d} fill={ink} fillRule="evenodd" />
          ) : (
            <path
              key={part.d}
              d={part.d}
              fill="none"
              stroke={ink}
              strokeWidth={2.2}
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          ),
        )}
      </g>
    </svg>
  );
}
