import { ThemeIcon } from '@mantine/core';
import {
  IconBell,
  IconCalendarCancel,
  IconCalendarEvent,
  IconCalendarExclamation,
  IconCalendarPlus,
  IconCreditCard,
  IconIdBadge2,
  IconMessageCircle,
  IconMessageExclamation,
  IconRobot,
  IconShieldCheck,
  IconSparkles,
  IconStar,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

const icons: Record<string, { icon: ComponentType<{ size?: number }>; color: string }> = {
  booking_new: { icon: IconCalendarPlus, color: 'teal' },
  booking_update: { icon: IconCalendarEvent, color: 'blue' },
  booking_cancel: { icon: IconCalendarCancel, color: 'red' },
  checkin: { icon: IconIdBadge2, color: 'indigo' },
  service: { icon: IconSparkles, color: 'grape' },
  registration: { icon: IconShieldCheck, color: 'orange' },
  channel: { icon: IconCalendarExclamation, color: 'red' },
  billing: { icon: IconCreditCard, color: 'yellow' },
  message: { icon: IconMessageCircle, color: 'green' },
  review: { icon: IconStar, color: 'yellow' },
  bot: { icon: IconRobot, color: 'violet' },
  // Issue 26: a message to a guest, a provider or the team could not be delivered.
  delivery: { icon: IconMessageExclamation, color: 'red' },
};

/** The icon of a notification's kind (decorative: the kind is also written beside it). */
export function KindIcon({ kind, size = 32 }: { kind: string; size?: number }) {
  const { icon: Icon, color } = icons[kind] ?? { icon: IconBell, color: 'gray' };
  return (
    <ThemeIcon size={size} radius="xl" variant="light" color={color} style={{ flex: 'none' }} aria-hidden>
      <Icon size={Math.round(size * 0.55)} />
    </ThemeIcon>
  );
}
