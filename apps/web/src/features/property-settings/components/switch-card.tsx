import { Group, Paper, Stack, Switch, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';

/** An on/off setting: icon, label, what it does, and the switch (the whole label toggles it). */
export function SwitchCard({
  icon: CardIcon,
  label,
  description,
  checked,
  onChange,
  disabled,
  children,
}: {
  icon: Icon;
  label: string;
  description?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <Paper withBorder radius="md" p="md" bg={checked ? 'var(--mantine-color-posada-0)' : undefined}>
      <Group wrap="nowrap" gap="md" align="flex-start">
        <ThemeIcon
          size={40}
          radius="md"
          variant={checked ? 'filled' : 'light'}
          color={checked ? 'posada' : 'gray'}
        >
          <CardIcon size={22} stroke={1.6} aria-hidden />
        </ThemeIcon>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Text
            component="label"
            htmlFor={id}
            fw={600}
            size="sm"
            style={{ cursor: disabled ? 'default' : 'pointer' }}
          >
            {label}
          </Text>
          {description ? (
            <Text size="sm" c="dimmed" id={`${id}-description`}>
              {description}
            </Text>
          ) : null}
          {children}
        </Stack>
        <Switch
          id={id}
          size="md"
          checked={checked}
          onChange={(event) => onChange(event.currentTarget.checked)}
          disabled={disabled}
          aria-describedby={description ? `${id}-description` : undefined}
          mt={4}
        />
      </Group>
    </Paper>
  );
}
