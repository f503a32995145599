import { List, Stack, Text, ThemeIcon } from '@mantine/core';
import type { CalendarChannelName } from '@posada/contracts/channels';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A channel's numbered instructions: where its export link is ('find') or where ours goes ('paste'). */
export function GuideSteps({
  channel,
  part,
  title,
}: {
  channel: CalendarChannelName;
  part: 'find' | 'paste';
  title: string;
}) {
  const { t } = useTranslation('channels');
  const steps = t(`guides.${channel}.${part}`, { returnObjects: true }) as unknown;
  const lines = Array.isArray(steps) ? (steps as string[]) : [];
  const note = part === 'find' && channel === 'booking' ? t('guides.booking.note') : null;
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {title}
      </Text>
      <List type="ordered" spacing={6} size="sm" withPadding>
        {lines.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
      {note ? (
        <Text size="xs" c="dimmed">
          <ThemeIcon
            size={16}
            variant="transparent"
            color="gray"
            component="span"
            style={{ verticalAlign: 'middle' }}
          >
            <IconInfoCircle size={14} aria-hidden />
          </ThemeIcon>{' '}
          {note}
        </Text>
      ) : null}
    </Stack>
  );
}
