import { NumberInput, type NumberInputProps, Text } from '@mantine/core';
import type { Currency } from '@posada/contracts/properties';
import { currencyFormat, fromMinorUnits, toMinorUnits } from '../../../lib/money.ts';

/**
 * An amount in integer minor units, typed in the currency's own format (85,50 € · $ 1.250.000 without
 * decimals for COP). Left-to-right even in Arabic, as amounts are.
 */
export function MoneyInput({
  value,
  onChange,
  currency,
  ...props
}: Omit<NumberInputProps, 'value' | 'onChange'> & {
  value: number | null;
  onChange: (minor: number | null) => void;
  currency: Currency;
}) {
  const format = currencyFormat(currency);
  return (
    <NumberInput
      {...props}
      value={fromMinorUnits(value, currency) ?? ''}
      onChange={(amount) => onChange(toMinorUnits(amount, currency))}
      thousandSeparator={format.thousandSeparator}
      decimalSeparator={format.decimalSeparator}
      decimalScale={format.shownDigits}
      allowNegative={false}
      min={0}
      hideControls
      inputMode="decimal"
      dir="ltr"
      leftSection={
        <Text size="sm" fw={600} c="dimmed">
          {format.symbol}
        </Text>
      }
      leftSectionWidth={format.symbol.length > 1 ? 48 : 34}
    />
  );
}
