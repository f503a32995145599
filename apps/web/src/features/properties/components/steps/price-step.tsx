import { Group, NumberInput, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { type Currency, currencySchema } from '@posada/contracts/properties';
import { useTranslation } from 'react-i18next';
import { currencyFormat, formatMoney, fromMinorUnits, toMinorUnits } from '../../lib/money.ts';
import { StepHeader } from '../step-header.tsx';
import type { StepProps } from '../step-props.ts';

/** Price per night and currency: EUR by default, COP for Colombia, in the currency's number format. */
export function PriceStep({ draft, update, errors }: StepProps) {
  const { t } = useTranslation('properties');
  const format = currencyFormat(draft.currency);
  const amount = fromMinorUnits(draft.priceNight, draft.currency);
  return (
    <>
      <StepHeader title={t('steps.price.title')} description={t('steps.price.description')} />
      <Stack gap="lg">
        <Stack gap={6}>
          <Text fw={500} size="sm" id="currency-label">
            {t('fields.currency')}
          </Text>
          <SegmentedControl
            aria-labelledby="currency-label"
            value={draft.currency}
            onChange={(value) => update({ currency: value as Currency, currencyChosen: true })}
            data={currencySchema.options.map((code) => ({ value: code, label: code }))}
            fullWidth
          />
          <Text size="sm" fw={500}>
            {t(`currencies.${draft.currency}`)}
          </Text>
          <Text size="xs" c="dimmed">
            {t('fields.currencyHint')}
          </Text>
        </Stack>
        <NumberInput
          key={draft.currency}
          label={t('fields.priceNight')}
          description={t('fields.priceNightHint')}
          value={amount ?? ''}
          onChange={(value) => update({ priceNight: toMinorUnits(value, draft.currency) })}
          thousandSeparator={format.thousandSeparator}
          decimalSeparator={format.decimalSeparator}
          decimalScale={format.shownDigits}
          allowNegative={false}
          min={0}
          hideControls
          leftSection={
            <Text size="sm" fw={600}>
              {format.symbol}
            </Text>
          }
          leftSectionWidth={format.symbol.length > 1 ? 52 : 36}
          error={errors.priceNight}
          size="md"
          inputMode="decimal"
        />
        {draft.priceNight !== null && draft.priceNight > 0 && (
          <Paper withBorder radius="md" p="md" bg="var(--mantine-color-gray-0)">
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {t('steps.price.preview')}
              </Text>
              <Text fw={700} aria-live="polite">
                {t('steps.price.perNight', { price: formatMoney(draft.priceNight, draft.currency) })}
              </Text>
            </Group>
          </Paper>
        )}
      </Stack>
    </>
  );
}
