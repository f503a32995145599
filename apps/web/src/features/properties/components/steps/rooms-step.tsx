import { ActionIcon, Alert, Button, Group, NumberInput, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconPlus, IconTrash, IconWand } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { numberedRooms } from '../../lib/rooms.ts';
import { StepHeader } from '../step-header.tsx';
import type { StepProps } from '../step-props.ts';

/** Hotel and camping step 5: the physical rooms of the room type (name or number, optional code). */
export function RoomsStep({ draft, update, errors }: StepProps) {
  const { t } = useTranslation('properties');
  const [from, setFrom] = useState<number | string>(101);
  const [to, setTo] = useState<number | string>(110);
  const range = numberedRooms(Number(from), Number(to), draft.rooms);
  const setRoom = (index: number, patch: Partial<{ name: string; code: string }>) =>
    update((d) => ({ ...d, rooms: d.rooms.map((room, i) => (i === index ? { ...room, ...patch } : room)) }));
  const unit = draft.tipo === 'camping' ? 'pitch' : 'room';

  return (
    <>
      <StepHeader
        title={t(`steps.rooms.title_${unit}`)}
        description={t('steps.rooms.description', { type: draft.roomTypeName })}
      />
      <Stack gap="md">
        <Stack
          gap="sm"
          component="ol"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t(`steps.rooms.list_${unit}`)}
        >
          {draft.rooms.map((room, index) => (
            // Rows have no identity but their position; the list only grows at the end or loses a row.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Group key={index} component="li" gap="sm" align="flex-start" wrap="nowrap">
              <TextInput
                style={{ flex: 2 }}
                label={t(`fields.roomName_${unit}`, { n: index + 1 })}
                value={room.name}
                onChange={(e) => setRoom(index, { name: e.currentTarget.value })}
                error={errors[`rooms.${index}.name`]}
                maxLength={60}
                dir="auto"
              />
              <TextInput
                style={{ flex: 1 }}
                label={t('fields.roomCode', { n: index + 1 })}
                value={room.code}
                onChange={(e) => setRoom(index, { code: e.currentTarget.value })}
                maxLength={40}
              />
              <ActionIcon
                mt={26}
                size={36}
                variant="subtle"
                color="red"
                disabled={draft.rooms.length <= 1}
                onClick={() => update((d) => ({ ...d, rooms: d.rooms.filter((_, i) => i !== index) }))}
                aria-label={t(`steps.rooms.remove_${unit}`, { n: index + 1 })}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
        {errors.rooms && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {errors.rooms}
          </Alert>
        )}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => update((d) => ({ ...d, rooms: [...d.rooms, { name: '', code: '' }] }))}
          >
            {t(`steps.rooms.add_${unit}`)}
          </Button>
        </Group>
        <Paper withBorder radius="lg" p="md" bg="var(--mantine-color-gray-0)">
          <Stack gap="xs">
            <Text fw={600} size="sm">
              {t('steps.rooms.quickTitle')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('steps.rooms.quickHint')}
            </Text>
            <Group gap="sm" align="flex-end">
              <NumberInput
                label={t('steps.rooms.from')}
                value={from}
                onChange={setFrom}
                min={0}
                max={99999}
                allowDecimal={false}
                w={110}
              />
              <NumberInput
                label={t('steps.rooms.to')}
                value={to}
                onChange={setTo}
                min={0}
                max={99999}
                allowDecimal={false}
                w={110}
              />
              <Button
                variant="default"
                leftSection={<IconWand size={16} aria-hidden />}
                disabled={range.length === 0}
                onClick={() =>
                  update((d) => ({
                    ...d,
                    rooms: [...d.rooms.filter((r) => r.name.trim() || r.code.trim()), ...range],
                  }))
                }
              >
                {t('steps.rooms.quickAdd', { from: Number(from) || 0, to: Number(to) || 0 })}
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Stack>
    </>
  );
}
