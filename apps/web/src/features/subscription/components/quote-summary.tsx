import { Card, Divider, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { BillingPeriod, Quote } from '@posada/domain/pricing';
import { useTranslation } from 'react-i18next';
import { money } from '../lib/format.ts';

export interface SummaryLine {
  kind: 'plan' | 'addon' | 'discount';
  code: string;
  units: number;
  amount: number;
}

/** The domain quote as summary lines (the server's quote has the same shape with snake_case names). */
export function linesOfQuote(q: Quote): SummaryLine[] {
  return q.lines.map((line) => ({
    kind: line.kind,
    code: line.code,
    units: line.units,
    amount: line.amount,
  }));
}

/** The price of the choice: one line per plan, add-on and discount, and the period's total before VAT. */
export function QuoteSummary({
  lines,
  total,
  currency,
  period,
  annualPerUnit,
  pending,
}: {
  lines: SummaryLine[] | null;
  total: number | null;
  currency: string;
  period: BillingPeriod;
  annualPerUnit?: number | null;
  pending?: boolean;
}) {
  const { t, i18n } = useTranslation('subscription');
  const lang = i18n.language;
  const label = (line: SummaryLine) => {
    if (line.kind === 'plan')
      return t('summary.planLine', { plan: t(`plans.${line.code}.name`), units: line.units });
    if (line.kind === 'addon')
      return t('summary.addonLine', { addon: t(`addons.${line.code}.name`), units: line.units });
    return t('summary.discount');
  };
  return (
    <Card withBorder radius="lg" padding="md" aria-live="polite" data-testid="quote-summary">
      <Stack gap="xs">
        <Text fw={700}>{t('summary.title')}</Text>
        {lines === null ? (
          <Text size="sm" c="dimmed">
            {t('summary.needUnits')}
          </Text>
        ) : (
          lines.map((line) => (
            <Group key={`${line.kind}-${line.code}`} justify="space-between" wrap="nowrap" gap="sm">
              <Text size="sm">{label(line)}</Text>
              <Text
                size="sm"
                c={line.kind === 'discount' ? 'teal.8' : undefined}
                style={{ whiteSpace: 'nowrap' }}
              >
                {money(line.amount, currency, lang)}
              </Text>
            </Group>
          ))
        )}
        <Divider />
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>{t(`summary.total.${period}`)}</Text>
          {pending && total === null ? (
            <Skeleton h={24} w={90} />
          ) : (
            <Text fw={800} fz="xl" data-testid="quote-total">
              {total === null ? '—' : money(total, currency, lang)}
            </Text>
          )}
        </Group>
        {period === 'annual' && annualPerUnit ? (
          <Text size="xs" c="dimmed">
            {t('summary.annualPerUnit', { amount: money(annualPerUnit, currency, lang) })}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          {t('summary.vatNote')}
        </Text>
      </Stack>
    </Card>
  );
}
