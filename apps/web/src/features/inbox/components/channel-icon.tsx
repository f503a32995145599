import type { InboxChannel } from '@posada/contracts/inbox';
import { IconBrandWhatsapp, IconMail, IconMessage } from '@tabler/icons-react';

const colors: Record<InboxChannel, string> = {
  whatsapp: 'var(--mantine-color-green-7)',
  email: 'var(--mantine-color-blue-7)',
  sms: 'var(--mantine-color-grape-7)',
};

/** The channel of a message or thread, as a small coloured icon (its name goes in the label beside it). */
export function ChannelIcon({ channel, size = 14 }: { channel: InboxChannel; size?: number }) {
  const Icon = channel === 'whatsapp' ? IconBrandWhatsapp : channel === 'email' ? IconMail : IconMessage;
  return <Icon size={size} color={colors[channel]} aria-hidden />;
}
