import { Group, Select, Text, TextInput } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { countryName, phoneCountries } from '../../../lib/phone-countries.ts';

/** Phone number with a compact country-code select beside it (ES by default). */
export function PhoneField({
  country,
  onCountryChange,
  phone,
  error,
  countryError,
}: {
  country: string;
  onCountryChange: (code: string) => void;
  phone: UseFormRegisterReturn<'phone'>;
  error?: string;
  countryError?: string;
}) {
  const { t, i18n } = useTranslation('auth');
  const language = i18n.resolvedLanguage ?? 'es';
  // Isolated left-to-right so Arabic shows "ES +34", not "+34 ES".
  const data = phoneCountries.map((c) => ({ value: c.code, label: `\u2066${c.code} ${c.dial}\u2069` }));
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <Select
        label={t('fields.phoneCountry')}
        data={data}
        value={country}
        onChange={(code) => code && onCountryChange(code)}
        allowDeselect={false}
        checkIconPosition="right"
        comboboxProps={{ width: 260, position: 'bottom-start' }}
        renderOption={({ option }) => {
          const dial = phoneCountries.find((c) => c.code === option.value)?.dial;
          return (
            <Group justify="space-between" w="100%" wrap="nowrap" gap="xs">
              <Text size="sm">{countryName(option.value, language)}</Text>
              <Text size="sm" c="dimmed" dir="ltr">
                {dial}
              </Text>
            </Group>
          );
        }}
        error={countryError}
        w={118}
        style={{ flexShrink: 0 }}
      />
      <TextInput
        label={t('fields.phone')}
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        placeholder={t('placeholders.phone')}
        error={error}
        style={{ flex: 1, minWidth: 0 }}
        {...phone}
      />
    </Group>
  );
}
