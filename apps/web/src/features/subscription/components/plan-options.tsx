import {
  Badge,
  Card,
  Checkbox,
  Group,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import type { Pricing } from '@posada/contracts/subscriptions';
import {
  type AddonCode,
  addonCodes,
  type BillingPeriod,
  type PlanCode,
  type PropertyGroup,
  planCodes,
  tierIndex,
} from '@posada/domain/pricing';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { money } from '../lib/format.ts';
import { tierRows } from '../lib/plan-choice.ts';

/** Monthly or annual ("2 meses gratis", spec 9). */
export function PeriodSwitch({
  value,
  onChange,
}: {
  value: BillingPeriod;
  onChange: (period: BillingPeriod) => void;
}) {
  const { t } = useTranslation('subscription');
  return (
    <Group gap="sm" wrap="wrap">
      <SegmentedControl
        value={value}
        onChange={(next) => onChange(next as BillingPeriod)}
        aria-label={t('period.label')}
        radius="xl"
        data={[
          { value: 'monthly', label: t('period.monthly') },
          { value: 'annual', label: t('period.annual') },
        ]}
      />
      <Badge color="teal" variant="light" tt="none" size="lg">
        {t('period.annualSaving')}
      </Badge>
    </Group>
  );
}

/** The plans (standard, smart) with their per-unit price at the current tier and the tier table. */
export function PlanCards({
  pricing,
  group,
  period,
  units,
  value,
  onChange,
}: {
  pricing: Pricing;
  group: PropertyGroup;
  period: BillingPeriod;
  units: number | null;
  value: PlanCode;
  onChange: (plan: PlanCode) => void;
}) {
  const { t, i18n } = useTranslation('subscription');
  const lang = i18n.language;
  const current = tierIndex(group, units ?? 1);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" role="radiogroup" aria-label={t('plans.label')}>
      {planCodes.map((plan) => {
        const rows = tierRows(pricing, plan, group, period);
        const selected = value === plan;
        const row = rows[Math.min(current, rows.length - 1)];
        const included = pricing.plans.find((p) => p.code === plan)?.included_addons ?? [];
        return (
          <UnstyledButton
            key={plan}
            role="radio"
            aria-checked={selected}
            onClick={() => onChange(plan)}
            data-testid={`plan-${plan}`}
            style={{ display: 'block', height: '100%' }}
          >
            <Card
              withBorder
              radius="lg"
              padding="md"
              h="100%"
              style={{
                borderColor: selected ? 'var(--mantine-color-posada-6)' : undefined,
                borderWidth: selected ? 2 : 1,
              }}
            >
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap">
                  <Title order={3} fz="h4">
                    {t(`plans.${plan}.name`)}
                  </Title>
                  {selected ? (
                    <Badge leftSection={<IconCheck size={12} aria-hidden />} tt="none">
                      {t('plans.selected')}
                    </Badge>
                  ) : null}
                </Group>
                <Text size="sm" c="dimmed">
                  {t(`plans.${plan}.description`)}
                </Text>
                {row ? (
                  <Text fw={700} fz="xl">
                    {t(period === 'annual' ? 'plans.perUnitYear' : 'plans.perUnitMonth', {
                      amount: money(row.amount, pricing.currency, lang),
                    })}
                  </Text>
                ) : null}
                {included.length > 0 ? (
                  <Text size="xs" c="teal.8">
                    {t('plans.includes', {
                      list: included.map((code) => t(`addons.${code}.name`)).join(', '),
                    })}
                  </Text>
                ) : null}
                <Table
                  fz="xs"
                  verticalSpacing={4}
                  horizontalSpacing="xs"
                  aria-label={t('plans.tiersCaption', { plan: t(`plans.${plan}.name`) })}
                >
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t(`units.tierHead.${group}`)}</Table.Th>
                      <Table.Th ta="end">{t(`plans.unitPriceHead.${period}`)}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((tier, i) => (
                      <Table.Tr
                        key={tier.from}
                        fw={i === current ? 700 : undefined}
                        bg={i === current ? 'var(--mantine-color-posada-light)' : undefined}
                      >
                        <Table.Td>
                          {tier.to === null
                            ? t('units.rangeOpen', { from: tier.from })
                            : t('units.range', { from: tier.from, to: tier.to })}
                        </Table.Td>
                        <Table.Td ta="end" dir="ltr">
                          {money(tier.amount, pricing.currency, lang)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Stack>
            </Card>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}

/** spec 5: the total capacity (units billed) is required. */
export function UnitsField({
  group,
  value,
  onChange,
  error,
}: {
  group: PropertyGroup;
  value: number | null;
  onChange: (units: number | null) => void;
  error?: string | null;
}) {
  const { t } = useTranslation('subscription');
  return (
    <NumberInput
      label={t(`units.label.${group}`)}
      description={t(`units.hint.${group}`)}
      value={value ?? ''}
      onChange={(next) => onChange(typeof next === 'number' && Number.isFinite(next) ? next : null)}
      min={1}
      max={10_000}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="strict"
      required
      error={error ?? undefined}
      maw={380}
      data-testid="units-input"
    />
  );
}

/** spec 3 add-ons with their per-unit price; those the plan includes are shown as included. */
export function AddonsList({
  pricing,
  plan,
  period,
  value,
  onChange,
}: {
  pricing: Pricing;
  plan: PlanCode;
  period: BillingPeriod;
  value: AddonCode[];
  onChange: (addons: AddonCode[]) => void;
}) {
  const { t, i18n } = useTranslation('subscription');
  const included = new Set(pricing.plans.find((p) => p.code === plan)?.included_addons ?? []);
  const price = (code: AddonCode) => {
    const addon = pricing.addons.find((a) => a.code === code);
    if (!addon) return '';
    const amount = period === 'annual' ? addon.annual_unit_amount : addon.monthly_unit_amount;
    return t(period === 'annual' ? 'plans.perUnitYear' : 'plans.perUnitMonth', {
      amount: money(amount, pricing.currency, i18n.language),
    });
  };
  const toggle = (code: AddonCode, on: boolean) =>
    onChange(on ? [...new Set([...value, code])] : value.filter((c) => c !== code));
  return (
    <Stack gap="xs" role="group" aria-label={t('addons.label')}>
      {addonCodes.map((code) => {
        const isIncluded = included.has(code);
        return (
          <Card key={code} withBorder radius="md" padding="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
              <Checkbox
                checked={isIncluded || value.includes(code)}
                disabled={isIncluded}
                onChange={(event) => toggle(code, event.currentTarget.checked)}
                label={t(`addons.${code}.name`)}
                description={t(`addons.${code}.description`)}
                data-testid={`addon-${code}`}
              />
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {isIncluded ? t('addons.included') : price(code)}
              </Text>
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}
