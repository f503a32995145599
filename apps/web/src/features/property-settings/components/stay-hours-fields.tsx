import { SimpleGrid, Stack, Text } from '@mantine/core';
import { TimePicker } from '@mantine/dates';
import { IconClock } from '@tabler/icons-react';
import { type Control, Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SectionValues } from '../lib/section-values.ts';

type Field = 'checkin_time' | 'checkout_time';

/**
 * The stay's hours (issue 13): from when guests may arrive and until when they may stay, on the 24-hour
 * clock whatever the language. Typed hour then minute (arrow keys step them) or picked from the list;
 * the guest's welcome page shows them.
 */
export function StayHoursFields({ control }: { control: Control<SectionValues<'accommodation-policies'>> }) {
  const { t } = useTranslation('settings');
  const field = (name: Field, label: string, hint: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field: f, fieldState }) => (
        <TimePicker
          label={label}
          description={hint}
          format="24h"
          withDropdown
          minutesStep={5}
          leftSection={<IconClock size={16} aria-hidden />}
          hoursInputLabel={t('policies.hoursInput', { field: label })}
          minutesInputLabel={t('policies.minutesInput', { field: label })}
          value={f.value ?? ''}
          onChange={f.onChange}
          onBlur={f.onBlur}
          error={fieldState.error?.message}
          data-testid={`${name}-field`}
          maw={260}
        />
      )}
    />
  );
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {t('policies.hoursTitle')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" maw={540}>
        {field('checkin_time', t('policies.checkinTime'), t('policies.checkinTimeHint'))}
        {field('checkout_time', t('policies.checkoutTime'), t('policies.checkoutTimeHint'))}
      </SimpleGrid>
    </Stack>
  );
}
