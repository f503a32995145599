import {
  ActionIcon,
  Button,
  Grid,
  Group,
  NumberInput,
  Paper,
  Popover,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconListNumbers, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type RoomField, type RoomRow, rangeNames } from '../lib/room-rows.ts';

export function RangeHelper({
  types,
  rows,
  onAdd,
}: {
  types: { value: string; label: string }[];
  rows: RoomRow[];
  onAdd: (typeId: string, names: string[]) => void;
}) {
  const { t } = useTranslation('rooms');
  const [opened, setOpened] = useState(false);
  const [typeId, setTypeId] = useState<string | null>(types[0]?.value ?? null);
  const [prefix, setPrefix] = useState('');
  const [from, setFrom] = useState<number | string>(101);
  const [to, setTo] = useState<number | string>(110);
  const names = rangeNames({ from: Number(from), to: Number(to), prefix }, rows);
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      width={300}
      position="bottom-end"
      withArrow
      trapFocus
      shadow="md"
    >
      <Popover.Target>
        <Button
          variant="default"
          leftSection={<IconListNumbers size={18} aria-hidden />}
          onClick={() => setOpened((o) => !o)}
        >
          {t('rooms.addRange')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('rooms.rangeHint')}
          </Text>
          <Select
            label={t('rooms.fields.type')}
            data={types}
            value={typeId}
            onChange={setTypeId}
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
          />
          <TextInput
            label={t('rooms.rangePrefix')}
            placeholder="A-"
            value={prefix}
            onChange={(e) => setPrefix(e.currentTarget.value)}
            maxLength={20}
          />
          <Group grow gap="sm">
            <NumberInput
              label={t('rooms.rangeFrom')}
              value={from}
              onChange={setFrom}
              min={0}
              allowDecimal={false}
              allowNegative={false}
            />
            <NumberInput
              label={t('rooms.rangeTo')}
              value={to}
              onChange={setTo}
              min={0}
              allowDecimal={false}
              allowNegative={false}
            />
          </Group>
          <Button
            disabled={!typeId || names.length === 0}
            onClick={() => {
              if (!typeId) return;
              onAdd(typeId, names);
              setOpened(false);
            }}
          >
            {names.length > 0 ? t('rooms.rangeAdd', { count: names.length }) : t('rooms.rangeInvalid')}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

export function RoomRowEditor({
  row,
  index,
  types,
  errors,
  showLabels,
  onChange,
  onRemove,
}: {
  row: RoomRow;
  index: number;
  types: { value: string; label: string }[];
  errors: Partial<Record<RoomField, string>> | undefined;
  showLabels: boolean;
  onChange: (patch: Partial<RoomRow>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation(['rooms', 'common', 'settings']);
  const roomLabel = row.name.trim() || t('rooms.rowNumber', { n: index + 1 });
  const label = (field: string) => (showLabels ? t(`rooms.fields.${field}`) : undefined);
  const aria = (field: string) => t('rooms.fieldOf', { field: t(`rooms.fields.${field}`), room: roomLabel });
  const message = (field: RoomField) => {
    const error = errors?.[field];
    if (!error) return undefined;
    return error.startsWith('validation.')
      ? t(error === 'validation.required' ? 'common:validation.required' : `rooms:${error}`)
      : error;
  };
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      data-testid="room-row"
      style={errors ? { borderColor: 'var(--mantine-color-red-4)' } : undefined}
    >
      <Grid gutter="xs" align="flex-start">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Select
            label={label('type')}
            aria-label={aria('type')}
            placeholder={t('rooms.fields.typePlaceholder')}
            data={types}
            value={row.room_type_id || null}
            onChange={(value) => onChange({ room_type_id: value ?? '' })}
            error={message('room_type_id')}
            allowDeselect={false}
            required
          />
        </Grid.Col>
        <Grid.Col span={{ base: 8, sm: 3 }}>
          <TextInput
            label={label('name')}
            aria-label={aria('name')}
            placeholder={t('rooms.fields.namePlaceholder')}
            value={row.name}
            onChange={(e) => onChange({ name: e.currentTarget.value })}
            error={message('name')}
            maxLength={60}
            required
          />
        </Grid.Col>
        <Grid.Col span={{ base: 4, sm: 2 }}>
          <TextInput
            label={label('code')}
            aria-label={aria('code')}
            placeholder={t('rooms.fields.codePlaceholder')}
            value={row.code}
            onChange={(e) => onChange({ code: e.currentTarget.value })}
            error={message('code')}
            maxLength={40}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 10, sm: 2 }}>
          <TextInput
            label={label('accessKey')}
            aria-label={aria('accessKey')}
            placeholder={t('rooms.fields.accessKeyPlaceholder')}
            value={row.access_key}
            onChange={(e) => onChange({ access_key: e.currentTarget.value })}
            error={message('access_key')}
            maxLength={100}
            dir="ltr"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 2, sm: 1 }}>
          <Group justify="flex-end" mt={showLabels ? 26 : 4}>
            <Tooltip label={t('rooms.remove')} withArrow>
              <ActionIcon
                variant="subtle"
                color="red"
                onClick={onRemove}
                aria-label={t('rooms.removeNamed', { name: roomLabel })}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Grid.Col>
        <Grid.Col span={12}>
          <TextInput
            aria-label={aria('description')}
            placeholder={t('rooms.fields.descriptionPlaceholder')}
            value={row.description}
            onChange={(e) => onChange({ description: e.currentTarget.value })}
            error={message('description')}
            maxLength={1000}
            size="xs"
            variant="filled"
          />
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
