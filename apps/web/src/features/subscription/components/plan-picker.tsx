import { Stack, Text, Title } from '@mantine/core';
import type { Pricing } from '@posada/contracts/subscriptions';
import type { PropertyGroup } from '@posada/domain/pricing';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanChoice } from '../lib/plan-choice.ts';
import { AddonsList, PeriodSwitch, PlanCards, UnitsField } from './plan-options.tsx';

/** Plan, billing period, units and add-ons: the choice both subscription screens edit. */
export function PlanPicker({
  pricing,
  group,
  choice,
  onChange,
  unitsError,
  extra,
}: {
  pricing: Pricing;
  group: PropertyGroup;
  choice: PlanChoice;
  onChange: (choice: PlanChoice) => void;
  unitsError?: string | null;
  /** Below the add-ons (the coupon field on the first subscription). */
  extra?: ReactNode;
}) {
  const { t } = useTranslation('subscription');
  const set = (patch: Partial<PlanChoice>) => onChange({ ...choice, ...patch });
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={2} fz="h5">
          {t('period.title')}
        </Title>
        <PeriodSwitch value={choice.period} onChange={(period) => set({ period })} />
      </Stack>
      <Stack gap="xs">
        <Title order={2} fz="h5">
          {t('units.title')}
        </Title>
        <UnitsField
          group={group}
          value={choice.units}
          onChange={(units) => set({ units })}
          error={unitsError}
        />
      </Stack>
      <Stack gap="xs">
        <Title order={2} fz="h5">
          {t('plans.title')}
        </Title>
        <PlanCards
          pricing={pricing}
          group={group}
          period={choice.period}
          units={choice.units}
          value={choice.plan}
          onChange={(plan) => set({ plan })}
        />
      </Stack>
      <Stack gap="xs">
        <Title order={2} fz="h5">
          {t('addons.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('addons.hint')}
        </Text>
        <AddonsList
          pricing={pricing}
          plan={choice.plan}
          period={choice.period}
          value={choice.addons}
          onChange={(addons) => set({ addons })}
        />
      </Stack>
      {extra}
    </Stack>
  );
}
