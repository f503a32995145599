import { Group, Paper, Stack, Switch, Text, ThemeIcon } from '@mantine/core';
import type { SettingsSection } from '@posada/contracts/property-settings';
import type { Icon } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import type { SectionValues } from '../lib/section-values.ts';
import type { SectionForm } from './use-section-form.ts';

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

/** The sections whose form has an `enabled` switch (reviews, identity, chatbot, store, smart locks). */
type SwitchSection = {
  [S in SettingsSection]: SectionValues<S> extends { enabled: boolean } ? S : never;
}[SettingsSection];

/**
 * A section's on/off switch as a SwitchCard. Turning it re-checks the form when it shows errors, since
 * rules like "URL required to enable" depend on it; locked (spec 6) when the plan lacks the feature.
 */
export function SectionSwitch<S extends SwitchSection>({
  form: s,
  icon,
  label,
  description,
}: {
  form: SectionForm<S>;
  icon: Icon;
  label: string;
  description?: ReactNode;
}) {
  // Every SwitchSection has `enabled`; the generic form type cannot show it to TypeScript.
  const { control, formState, trigger } = s.form as unknown as UseFormReturn<{ enabled: boolean }>;
  return (
    <Controller
      control={control}
      name="enabled"
      render={({ field }) => (
        <SwitchCard
          icon={icon}
          label={label}
          description={description}
          checked={field.value}
          onChange={(value) => {
            field.onChange(value);
            if (Object.keys(formState.errors).length > 0) void trigger();
          }}
          disabled={s.locked}
        />
      )}
    />
  );
}
