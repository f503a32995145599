import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { Currency } from '@posada/contracts/properties';
import type { PriceLine } from '@posada/domain/booking-rules';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MoneyInput } from '../../../components/money-input.tsx';

/**
 * The modal's promotion or tax line (spec 5: one of each at most). Adding past the limit is refused with
 * a warning, not hidden, so the operator learns why.
 */
export function PriceLines({
  kind,
  lines,
  currency,
  onAdd,
  onChange,
  onRemove,
  error,
}: {
  kind: 'promotions' | 'taxes';
  lines: PriceLine[];
  currency: Currency;
  onAdd: () => void;
  onChange: (index: number, line: PriceLine) => void;
  onRemove: (index: number) => void;
  error?: string;
}) {
  const { t } = useTranslation('reservations');
  const label = kind === 'promotions' ? t('form.promotion') : t('form.tax');
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={500}>
          {kind === 'promotions' ? t('form.promotions') : t('form.taxes')}
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={onAdd}
        >
          {kind === 'promotions' ? t('form.addPromotion') : t('form.addTax')}
        </Button>
      </Group>
      {lines.length === 0 ? (
        <Text size="xs" c="dimmed">
          {kind === 'promotions' ? t('form.noPromotion') : t('form.noTax')}
        </Text>
      ) : null}
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: at most one line, never reordered
        <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            aria-label={t('form.lineDescription', { line: label })}
            placeholder={kind === 'promotions' ? t('form.promotionPlaceholder') : t('form.taxPlaceholder')}
            value={line.description}
            onChange={(e) => onChange(index, { ...line, description: e.currentTarget.value })}
            style={{ flex: 1, minWidth: 0 }}
            maxLength={120}
          />
          <MoneyInput
            aria-label={t('form.lineAmount', { line: label })}
            currency={currency}
            value={line.price}
            onChange={(minor) => onChange(index, { ...line, price: minor ?? 0 })}
            w={140}
          />
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            mt={2}
            aria-label={t('form.removeLine', { line: label })}
            onClick={() => onRemove(index)}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      {error ? (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
