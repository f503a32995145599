import { Checkbox, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { type PropertyService, propertyServices } from '@posada/domain/property-wizard';
import {
  type Icon,
  IconAirConditioning,
  IconBabyCarriage,
  IconFlame,
  IconFridge,
  IconParking,
  IconPaw,
  IconToiletPaper,
  IconToolsKitchen2,
  IconWashMachine,
  IconWifi,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const icons: Record<PropertyService, Icon> = {
  oven: IconToolsKitchen2,
  pets_allowed: IconPaw,
  wifi: IconWifi,
  essentials: IconToiletPaper,
  washing_machine: IconWashMachine,
  air_conditioning: IconAirConditioning,
  heating: IconFlame,
  parking: IconParking,
  children_allowed: IconBabyCarriage,
  refrigerator: IconFridge,
};

/** The fixed services list (spec 3) as toggle cards (wizard step and services settings). */
export function ServiceCards({
  value,
  onChange,
  disabled,
}: {
  value: PropertyService[];
  onChange: (services: PropertyService[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('properties');
  return (
    <Checkbox.Group
      value={value}
      onChange={(next) => onChange(next as PropertyService[])}
      label={t('steps.services.label')}
      labelProps={{
        style: { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' },
      }}
    >
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        {propertyServices.map((service) => {
          const ServiceIcon = icons[service];
          const checked = value.includes(service);
          return (
            <Checkbox.Card
              key={service}
              value={service}
              radius="md"
              p="md"
              aria-label={t(`services.${service}`)}
              disabled={disabled}
            >
              <Group wrap="nowrap" gap="sm" justify="space-between" align="center">
                <Group wrap="nowrap" gap="sm">
                  <ThemeIcon
                    variant={checked ? 'filled' : 'light'}
                    color={checked ? 'posada' : 'gray'}
                    size={36}
                    radius="md"
                  >
                    <ServiceIcon size={20} stroke={1.6} aria-hidden />
                  </ThemeIcon>
                  <Text size="sm" fw={500}>
                    {t(`services.${service}`)}
                  </Text>
                </Group>
                <Checkbox.Indicator size="sm" radius="xl" />
              </Group>
            </Checkbox.Card>
          );
        })}
      </SimpleGrid>
    </Checkbox.Group>
  );
}
