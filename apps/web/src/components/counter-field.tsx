import { ActionIcon, Group, NumberInput, Text } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A labelled number with − and + buttons (keyboard: type it, or arrow keys in the field). */
export function CounterField({
  label,
  description,
  value,
  onChange,
  min = 0,
  max = 99,
  error,
}: {
  label: string;
  description?: string;
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  error?: string;
}) {
  const { t } = useTranslation('properties');
  const set = (next: number) => onChange(Math.min(max, Math.max(min, next)));
  return (
    <Group justify="space-between" wrap="nowrap" gap="md" py={6}>
      <div style={{ minWidth: 0 }}>
        <Text fw={600} component="span">
          {label}
        </Text>
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
        {error ? (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        ) : null}
      </div>
      <Group gap={6} wrap="nowrap">
        <ActionIcon
          variant="default"
          radius="xl"
          size={36}
          onClick={() => set(value - 1)}
          disabled={value <= min}
          aria-label={t('counter.decrease', { label })}
        >
          <IconMinus size={16} aria-hidden />
        </ActionIcon>
        <NumberInput
          aria-label={label}
          value={value}
          onChange={(next) => set(typeof next === 'number' ? next : Number(next) || min)}
          min={min}
          max={max}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          hideControls
          w={64}
          styles={{ input: { textAlign: 'center', fontWeight: 600 } }}
        />
        <ActionIcon
          variant="default"
          radius="xl"
          size={36}
          onClick={() => set(value + 1)}
          disabled={value >= max}
          aria-label={t('counter.increase', { label })}
        >
          <IconPlus size={16} aria-hidden />
        </ActionIcon>
      </Group>
    </Group>
  );
}
