import { Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ChannelCalendar } from '@posada/contracts/channels';
import { IconBuilding, IconDoor } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../lib/use-session.ts';
import { groupByUnit } from '../lib/channels-lib.ts';
import { ConnectionCard } from './connection-card.tsx';

/** Placeholder cards while the connections load. */
export function ConnectionsSkeleton({ count = 2 }: { count?: number }) {
  return (
    <Stack gap="sm" aria-busy="true" data-testid="channels-skeleton">
      {Array.from({ length: count }, (_, n) => `s-${n}`).map((key) => (
        <Paper key={key} withBorder radius="lg" p="md" aria-hidden>
          <Group gap="sm" wrap="nowrap">
            <Skeleton h={36} w={36} radius="md" />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton h={14} w="30%" />
              <Skeleton h={10} w="50%" />
            </Stack>
            <Skeleton h={22} w={90} radius="sm" />
          </Group>
          <Group gap="xl" mt="md">
            <Skeleton h={28} w={110} />
            <Skeleton h={28} w={80} />
            <Skeleton h={28} w={140} />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/** The connections grouped by unit: the property, or a hotel room with its property's name. */
export function ConnectionsList({ items, disabled }: { items: ChannelCalendar[]; disabled?: boolean }) {
  const { t } = useTranslation('channels');
  const properties = useCurrentUser().data?.properties ?? [];
  const propertyName = (id: string) => properties.find((p) => p.id === id)?.nombre ?? null;
  return (
    <Stack gap="lg">
      {groupByUnit(items).map((group) => {
        const isRoom = group.items[0]?.room_id !== null;
        const property = propertyName(group.propertyId);
        const Icon = isRoom ? IconDoor : IconBuilding;
        return (
          <Stack key={group.key} gap="xs" component="section" aria-label={group.unit}>
            <Group gap={8} wrap="nowrap" align="flex-start">
              <Icon size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Title order={3} fz="md" style={{ overflowWrap: 'anywhere' }}>
                  {isRoom && property ? `${property} · ${group.unit}` : group.unit}
                </Title>
                {!isRoom ? (
                  <Text size="xs" c="dimmed">
                    {t('wholeProperty')}
                  </Text>
                ) : null}
              </Stack>
            </Group>
            {group.items.map((item) => (
              <ConnectionCard key={item.id} item={item} disabled={disabled} />
            ))}
          </Stack>
        );
      })}
    </Stack>
  );
}
