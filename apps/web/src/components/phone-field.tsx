import { Group, Select, Text, TextInput } from '@mantine/core';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { countryName, phoneCountries } from '../lib/phone-countries.ts';

export interface PhoneFieldProps {
  countryLabel: string;
  country: string;
  onCountryChange: (code: string) => void;
  countryError?: string;
  /** Lets the user type to find a country by its code, its dialling code or its name. */
  searchable?: boolean;
  countryWidth: number;
  /** The number's input (label, value or `register()` props, error…), spread after the phone defaults. */
  phoneProps: ComponentPropsWithRef<typeof TextInput>;
}

/** A phone number with a compact country-code select beside it. */
export function PhoneField({
  countryLabel,
  country,
  onCountryChange,
  countryError,
  searchable = false,
  countryWidth,
  phoneProps,
}: PhoneFieldProps) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'es';
  // Isolated left-to-right so Arabic shows "ES +34", not "+34 ES".
  const data = phoneCountries.map((c) => ({ value: c.code, label: `\u2066${c.code} ${c.dial}\u2069` }));
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <Select
        label={countryLabel}
        data={data}
        value={country}
        onChange={(code) => code && onCountryChange(code)}
        allowDeselect={false}
        {...(searchable
          ? {
              searchable: true,
              filter: ({ options, search }) => {
                const q = search.trim().toLowerCase();
                return options.filter((o) => {
                  if (!('value' in o)) return false;
                  return (
                    o.label.toLowerCase().includes(q) ||
                    countryName(o.value, language).toLowerCase().includes(q)
                  );
                });
              },
            }
          : {})}
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
        w={countryWidth}
        style={{ flexShrink: 0 }}
      />
      <TextInput
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        style={{ flex: 1, minWidth: 0 }}
        {...phoneProps}
      />
    </Group>
  );
}
