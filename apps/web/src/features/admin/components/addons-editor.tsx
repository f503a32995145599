import { Checkbox, Group, NumberInput, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { type AddonCode, addonCodes, type PriceTable, planCodes } from '@posada/domain/pricing';
import { useTranslation } from 'react-i18next';
import { money } from '../../../lib/money.ts';
import { decimalSeparator } from '../lib/format.ts';
import { toCents } from './price-table-editor.tsx';

/** Add-on prices per unit and month, and which plans already include each add-on (not charged on top). */
export function AddonsEditor({
  value,
  onChange,
  annualMonths,
  disabled,
}: {
  value: PriceTable;
  onChange: (next: PriceTable) => void;
  annualMonths: number;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage ?? 'es';

  const setPrice = (addon: AddonCode, cents: number | null) => {
    const next = structuredClone(value);
    next.addons[addon] = cents ?? 0;
    onChange(next);
  };
  const setIncluded = (plan: (typeof planCodes)[number], addon: AddonCode, included: boolean) => {
    const next = structuredClone(value);
    const list = new Set(next.included[plan]);
    if (included) list.add(addon);
    else list.delete(addon);
    next.included[plan] = addonCodes.filter((code) => list.has(code));
    onChange(next);
  };

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={3} fz="h4">
          {t('prices.addonsTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('prices.addonsHint')}
        </Text>
        <Table.ScrollContainer type="native" minWidth={520}>
          <Table verticalSpacing={6} aria-label={t('prices.addonsTitle')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('prices.columns.addon')}</Table.Th>
                <Table.Th>{t('prices.columns.monthly')}</Table.Th>
                <Table.Th>{t('prices.columns.annual')}</Table.Th>
                <Table.Th>{t('prices.columns.included')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {addonCodes.map((addon) => (
                <Table.Tr key={addon}>
                  <Table.Td>{t(`addons.${addon}`)}</Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={t('prices.addonInput', { addon: t(`addons.${addon}`) })}
                      value={value.addons[addon] / 100}
                      onChange={(v) => setPrice(addon, toCents(v))}
                      min={0}
                      decimalScale={2}
                      decimalSeparator={decimalSeparator(language)}
                      step={0.5}
                      suffix=" €"
                      size="xs"
                      w={110}
                      disabled={disabled}
                      hideControls
                    />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm" c="dimmed">
                      {money(value.addons[addon] * annualMonths, 'EUR', language, 'admin')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="md" wrap="nowrap">
                      {planCodes.map((plan) => (
                        <Checkbox
                          key={plan}
                          size="xs"
                          label={t(`plans.${plan}`)}
                          checked={value.included[plan].includes(addon)}
                          onChange={(event) => setIncluded(plan, addon, event.currentTarget.checked)}
                          disabled={disabled}
                        />
                      ))}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
