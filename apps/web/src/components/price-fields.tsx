import { Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { type Currency, currencySchema } from '@posada/contracts/properties';
import { useTranslation } from 'react-i18next';
import { countryMoney } from '../lib/money.ts';
import { MoneyInput } from './money-input.tsx';

/**
 * Currency and nightly price (integer minor units, shown in the currency's own number format), with a
 * preview of what guests see. Used by the wizard's price step and the price settings.
 */
export function PriceFields({
  currency,
  priceNight,
  onCurrencyChange,
  onPriceChange,
  error,
  disabled,
}: {
  currency: Currency;
  priceNight: number | null;
  onCurrencyChange: (currency: Currency) => void;
  onPriceChange: (minor: number | null) => void;
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('properties');
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Text fw={500} size="sm" id="currency-label">
          {t('fields.currency')}
        </Text>
        <SegmentedControl
          aria-labelledby="currency-label"
          value={currency}
          onChange={(value) => onCurrencyChange(value as Currency)}
          data={currencySchema.options.map((code) => ({ value: code, label: code }))}
          fullWidth
          disabled={disabled}
        />
        <Text size="sm" fw={500}>
          {t(`currencies.${currency}`)}
        </Text>
        <Text size="xs" c="dimmed">
          {t('fields.currencyHint')}
        </Text>
      </Stack>
      <MoneyInput
        key={currency}
        label={t('fields.priceNight')}
        description={t('fields.priceNightHint')}
        currency={currency}
        value={priceNight}
        onChange={onPriceChange}
        error={error}
        size="md"
        disabled={disabled}
      />
      {priceNight !== null && priceNight > 0 && (
        <Paper withBorder radius="md" p="md" bg="var(--mantine-color-gray-0)">
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {t('steps.price.preview')}
            </Text>
            <Text fw={700} aria-live="polite">
              {t('steps.price.perNight', { price: countryMoney(priceNight, currency) })}
            </Text>
          </Group>
        </Paper>
      )}
    </Stack>
  );
}
