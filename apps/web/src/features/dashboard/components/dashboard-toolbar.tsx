import { Group, NativeSelect, SegmentedControl } from '@mantine/core';
import type { PropertySummary } from '@posada/contracts/users';
import { IconBuildingCommunity } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ALL_PROPERTIES, type DashboardPeriod, dashboardPeriods } from '../lib/dashboard-params.ts';

/** The dashboard's filters: which property (only with several) and which period the figures cover. */
export function DashboardToolbar({
  properties,
  property,
  onPropertyChange,
  period,
  onPeriodChange,
}: {
  properties: PropertySummary[];
  property: string;
  onPropertyChange: (property: string) => void;
  period: DashboardPeriod;
  onPeriodChange: (period: DashboardPeriod) => void;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <Group gap="sm" wrap="wrap" justify="flex-end">
      {properties.length > 1 && (
        // A native select: light on the first route, and the phone's own picker on mobile.
        <NativeSelect
          aria-label={t('filters.property')}
          data={[
            { value: ALL_PROPERTIES, label: t('filters.allProperties') },
            ...properties.map((p) => ({ value: p.id, label: p.nombre })),
          ]}
          value={property}
          onChange={(event) => onPropertyChange(event.currentTarget.value)}
          leftSection={<IconBuildingCommunity size={16} aria-hidden />}
          w={{ base: '100%', xs: 270 }}
          radius="md"
        />
      )}
      <SegmentedControl
        aria-label={t('filters.period')}
        value={period}
        onChange={(value) => onPeriodChange(value as DashboardPeriod)}
        data={dashboardPeriods.map((p) => ({ value: p, label: t(`filters.periods.${p}`) }))}
        radius="md"
        w={{ base: '100%', xs: 'auto' }}
      />
    </Group>
  );
}
