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
import { StepHeader } from '../step-header.tsx';
import type { StepProps } from '../step-props.ts';

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

/** The fixed services list (spec 3) as toggle cards. */
export function ServicesStep({ draft, update }: StepProps) {
  const { t } = useTranslation('properties');
  return (
    <>
      <StepHeader title={t('steps.services.title')} description={t('steps.services.description')} />
      <Checkbox.Group
        value={draft.services}
        onChange={(value) => update({ services: value as PropertyService[] })}
        label={t('steps.services.label')}
        labelProps={{
          style: { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' },
        }}
      >
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
          {propertyServices.map((service) => {
            const ServiceIcon = icons[service];
            const checked = draft.services.includes(service);
            return (
              <Checkbox.Card
                key={service}
                value={service}
                radius="md"
                p="md"
                aria-label={t(`services.${service}`)}
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
      <Text size="sm" c="dimmed" mt="md">
        {t('steps.services.count', { n: draft.services.length })}
      </Text>
    </>
  );
}
