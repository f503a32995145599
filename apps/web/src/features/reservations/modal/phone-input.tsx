import { Group, Select, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { countryName } from '../../../lib/phone-countries.ts';
import { phoneCountries } from '../lib/phone.ts';

/** The guest's phone: a compact country code select (ES by default, spec 5) and the number. */
export function PhoneInput({
  country,
  onCountryChange,
  number,
  onNumberChange,
  onBlur,
  error,
  inputRef,
}: {
  country: string;
  onCountryChange: (code: string) => void;
  number: string;
  onNumberChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  inputRef?: React.Ref<HTMLInputElement>;
}) {
  const { t, i18n } = useTranslation('reservations');
  const language = i18n.resolvedLanguage ?? 'es';
  // Isolated left-to-right so Arabic shows "ES +34", not "+34 ES".
  const data = phoneCountries.map((c) => ({ value: c.code, label: `\u2066${c.code} ${c.dial}\u2069` }));
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <Select
        label={t('form.phoneCountry')}
        data={data}
        value={country}
        onChange={(code) => code && onCountryChange(code)}
        allowDeselect={false}
        searchable
        filter={({ options, search }) => {
          const q = search.trim().toLowerCase();
          return options.filter((o) => {
            if (!('value' in o)) return false;
            return (
              o.label.toLowerCase().includes(q) || countryName(o.value, language).toLowerCase().includes(q)
            );
          });
        }}
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
        w={120}
        style={{ flexShrink: 0 }}
      />
      <TextInput
        ref={inputRef}
        label={t('form.phone')}
        required
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        dir="ltr"
        value={number}
        onChange={(e) => onNumberChange(e.currentTarget.value)}
        onBlur={onBlur}
        error={error}
        style={{ flex: 1, minWidth: 0 }}
      />
    </Group>
  );
}
