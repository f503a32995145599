import { NumberInput, type NumberInputProps, Text } from '@mantine/core';
import { useState } from 'react';
import { currencyFormat, fromMinorUnits, toMinorUnits } from '../lib/money.ts';

/**
 * The one money input: its value is integer minor units (ARCHITECTURE §6); the operator types the amount
 * in currency units in the currency's own format (85,50 € · $ 1.250.000 without decimals for COP, spec 9),
 * with that currency's decimals and separators (packages/domain's moneyInputFormat, from Intl). What is
 * typed is kept as typed ("35," included) while it means the same amount; a value changed from outside
 * (a reset, a computed total) replaces it. Left-to-right even in Arabic, as amounts are.
 */
export function MoneyInput({
  value,
  onChange,
  currency,
  ...props
}: Omit<NumberInputProps, 'value' | 'onChange'> & {
  value: number | null;
  onChange: (minor: number | null) => void;
  currency: string;
}) {
  const format = currencyFormat(currency);
  const [typed, setTyped] = useState<string | number>(fromMinorUnits(value) ?? '');
  const shown = toMinorUnits(typed, currency) === value ? typed : (fromMinorUnits(value) ?? '');
  return (
    <NumberInput
      {...props}
      value={shown}
      onChange={(amount) => {
        setTyped(amount);
        onChange(toMinorUnits(amount, currency));
      }}
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
