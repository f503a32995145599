import { Group, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type TipoHospedaje, tiposHospedaje } from '@posada/contracts/users';
import { wizardSteps } from '@posada/domain/property-wizard';
import { IconBed, IconBuilding, IconHome, IconTent } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StepHeader } from '../step-header.tsx';
import type { StepProps } from '../step-props.ts';

const icons: Record<TipoHospedaje, typeof IconBed> = {
  apartamento: IconBuilding,
  villa: IconHome,
  hotel: IconBed,
  camping: IconTent,
};

/** Step 1: name, internal name and the property type (which decides 7 or 8 steps). */
export function NameStep({ draft, update, errors }: StepProps) {
  const { t } = useTranslation(['properties', 'common']);
  return (
    <>
      <StepHeader title={t('steps.name.title')} description={t('steps.name.description')} />
      <Stack gap="lg">
        <TextInput
          label={t('fields.nombre')}
          description={t('fields.nombreHint')}
          value={draft.nombre}
          onChange={(e) => update({ nombre: e.currentTarget.value })}
          error={errors.nombre}
          maxLength={120}
          dir="auto"
          data-autofocus
        />
        <TextInput
          label={t('fields.internalName')}
          description={t('fields.internalNameHint')}
          value={draft.internalName}
          onChange={(e) => update({ internalName: e.currentTarget.value })}
          error={errors.internalName}
          maxLength={120}
          dir="auto"
        />
        <Radio.Group
          label={t('fields.tipo')}
          description={t('fields.tipoHint')}
          value={draft.tipo}
          onChange={(value) => update({ tipo: value as TipoHospedaje })}
        >
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" mt="xs">
            {tiposHospedaje.map((tipo) => {
              const Icon = icons[tipo];
              return (
                <Radio.Card
                  key={tipo}
                  value={tipo}
                  radius="md"
                  p="md"
                  aria-label={t(`common:propertyTypes.${tipo}`)}
                >
                  <Stack gap={6} align="flex-start">
                    <Group justify="space-between" w="100%" wrap="nowrap">
                      <Icon size={24} stroke={1.6} aria-hidden />
                      <Radio.Indicator size="xs" />
                    </Group>
                    <Text fw={600}>{t(`common:propertyTypes.${tipo}`)}</Text>
                    <Text size="xs" c="dimmed">
                      {t('fields.stepsCount', { n: wizardSteps(tipo).length })}
                    </Text>
                  </Stack>
                </Radio.Card>
              );
            })}
          </SimpleGrid>
        </Radio.Group>
      </Stack>
    </>
  );
}
