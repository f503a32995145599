import { Badge, Group, NumberInput, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { type PlanCode, type PriceTable, type PropertyGroup, planCodes } from '@posada/domain/pricing';
import { useTranslation } from 'react-i18next';
import { money } from '../../../lib/money.ts';
import { decimalSeparator } from '../lib/format.ts';

const GROUPS: PropertyGroup[] = ['apartment', 'hotel'];

/** "1–4", "5–10", "11+" from the group's tier floors. */
export function tierRange(floors: readonly number[], index: number): string {
  const from = floors[index] ?? 1;
  const next = floors[index + 1];
  return next === undefined ? `${from}+` : `${from}–${next - 1}`;
}

/** Euros typed → integer cents (null while empty). */
export const toCents = (value: number | string): number | null =>
  value === '' || value === null || Number.isNaN(Number(value)) ? null : Math.round(Number(value) * 100);

/**
 * manager/prices' tier tables: for each plan and property group, the monthly price of one unit per tier
 * (editable, in euros) and the annual figure beside it (months charged × monthly: 2 months free).
 */
export function PriceTableEditor({
  value,
  onChange,
  tierFloors,
  annualMonths,
  disabled,
}: {
  value: PriceTable;
  onChange: (next: PriceTable) => void;
  tierFloors: Record<PropertyGroup, number[]>;
  annualMonths: number;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage ?? 'es';

  const setTier = (plan: PlanCode, group: PropertyGroup, index: number, cents: number | null) => {
    const next = structuredClone(value);
    next.plans[plan][group][index] = cents ?? 0;
    onChange(next);
  };

  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      {planCodes.map((plan) => (
        <Paper key={plan} withBorder radius="md" p="md">
          <Stack gap="md">
            <Title order={3} fz="h4">
              {t(`plans.${plan}`)}
            </Title>
            {GROUPS.map((group) => (
              <Stack key={group} gap={6}>
                <Group gap="xs">
                  <Text fw={600} size="sm">
                    {t(`prices.groups.${group}`)}
                  </Text>
                  <Badge variant="light" size="sm">
                    {t(`prices.unitOf.${group}`)}
                  </Badge>
                </Group>
                <Table.ScrollContainer type="native" minWidth={300}>
                  <Table
                    verticalSpacing={6}
                    aria-label={t('prices.tableLabel', {
                      plan: t(`plans.${plan}`),
                      group: t(`prices.groups.${group}`),
                    })}
                  >
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('prices.columns.units')}</Table.Th>
                        <Table.Th>{t('prices.columns.monthly')}</Table.Th>
                        <Table.Th ta="end">{t('prices.columns.annual')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {value.plans[plan][group].map((cents, index) => {
                        const range = tierRange(tierFloors[group], index);
                        return (
                          // biome-ignore lint/suspicious/noArrayIndexKey: tiers are positional
                          <Table.Tr key={index}>
                            <Table.Td dir="ltr" style={{ whiteSpace: 'nowrap', textAlign: 'start' }}>
                              {range}
                            </Table.Td>
                            <Table.Td>
                              <NumberInput
                                aria-label={t('prices.tierInput', {
                                  plan: t(`plans.${plan}`),
                                  group: t(`prices.groups.${group}`),
                                  range,
                                })}
                                value={cents / 100}
                                onChange={(v) => setTier(plan, group, index, toCents(v))}
                                min={0}
                                decimalScale={2}
                                decimalSeparator={decimalSeparator(language)}
                                step={0.5}
                                suffix=" €"
                                size="xs"
                                w={120}
                                disabled={disabled}
                                hideControls
                              />
                            </Table.Td>
                            <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                              <Text size="sm" c="dimmed">
                                {money(cents * annualMonths, 'EUR', language, 'admin')}
                              </Text>
                            </Table.Td>
                          </Table.Tr>
                        );
                      })}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Stack>
            ))}
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
