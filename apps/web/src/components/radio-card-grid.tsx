import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface RadioCardOption {
  value: string;
  title: string;
  text: string;
  /** The card's accessible name; the title unless told. */
  ariaLabel?: string;
  /** Not offered yet: greyed out and not selectable. */
  unavailable?: boolean;
  /** The option's icon; `checked` lets it follow the selection. */
  icon: (checked: boolean) => ReactNode;
  /** Shown after the title (e.g. "soon"). */
  badge?: ReactNode;
}

export interface RadioCardGridProps {
  label: string;
  description?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  options: readonly RadioCardOption[];
  /** Every card read-only (the section is locked). */
  disabled?: boolean;
  /**
   * `grid`: two columns from `sm`, the icon beside the title. `list`: one card a row, the icon
   * leading the card.
   */
  layout?: 'grid' | 'list';
  /** Grid: let the icon, title and badge wrap onto a second line. */
  wrapTitle?: boolean;
}

/** A radio group shown as selectable cards with a title and a line of text each. */
export function RadioCardGrid({
  label,
  description,
  value,
  onChange,
  error,
  options,
  disabled = false,
  layout = 'grid',
  wrapTitle = false,
}: RadioCardGridProps) {
  const cards = options.map((option) => {
    const checked = value === option.value;
    const soon = option.unavailable === true;
    return (
      <Radio.Card
        key={option.value}
        value={option.value}
        radius="md"
        p="md"
        disabled={soon || disabled}
        aria-label={option.ariaLabel ?? option.title}
        bg={checked ? 'var(--mantine-color-posada-0)' : undefined}
        style={{
          borderColor: checked ? 'var(--mantine-color-posada-5)' : undefined,
          ...(soon ? { opacity: 0.6, cursor: 'not-allowed' } : {}),
        }}
      >
        {layout === 'list' ? (
          <Group wrap="nowrap" gap="md" align="center">
            <Radio.Indicator size="sm" disabled={soon} />
            {option.icon(checked)}
            <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
              <Text fw={600} size="sm">
                {option.title}
              </Text>
              <Text size="sm" c="dimmed">
                {option.text}
              </Text>
            </Stack>
          </Group>
        ) : (
          <Group wrap="nowrap" align="flex-start" gap="sm">
            <Radio.Indicator size="sm" mt={2} disabled={soon} />
            <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
              <Group gap={8} {...(wrapTitle ? { wrap: 'wrap', style: { rowGap: 4 } } : { wrap: 'nowrap' })}>
                {option.icon(checked)}
                <Text fw={600} size="sm">
                  {option.title}
                </Text>
                {option.badge}
              </Group>
              <Text size="sm" c="dimmed">
                {option.text}
              </Text>
            </Stack>
          </Group>
        )}
      </Radio.Card>
    );
  });
  return (
    <Radio.Group label={label} description={description} value={value} onChange={onChange} error={error}>
      {layout === 'list' ? (
        <Stack gap="sm" mt="sm">
          {cards}
        </Stack>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="sm">
          {cards}
        </SimpleGrid>
      )}
    </Radio.Group>
  );
}
