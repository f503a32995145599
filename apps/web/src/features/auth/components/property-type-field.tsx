import { Group, Radio, SimpleGrid, Text } from '@mantine/core';
import { type TipoHospedaje, tiposHospedaje } from '@posada/contracts/users';
import { IconBed, IconBuilding, IconHome, IconTent } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const icons: Record<TipoHospedaje, typeof IconBed> = {
  apartamento: IconBuilding,
  villa: IconHome,
  hotel: IconBed,
  camping: IconTent,
};

/** The property type as four radio cards (Apartamento, Villa, Hotel, Camping). */
export function PropertyTypeField({
  value,
  onChange,
  onBlur,
  error,
}: {
  value: string | undefined;
  onChange: (value: TipoHospedaje) => void;
  onBlur: () => void;
  error?: string;
}) {
  const { t } = useTranslation('auth');
  return (
    <Radio.Group
      label={t('fields.tipoHospedaje')}
      value={value ?? ''}
      onChange={(next) => onChange(next as TipoHospedaje)}
      error={error}
    >
      <SimpleGrid cols={2} spacing="xs" mt={6} onBlur={onBlur}>
        {tiposHospedaje.map((tipo) => {
          const Icon = icons[tipo];
          return (
            <Radio.Card key={tipo} value={tipo} radius="md" p="sm" aria-label={t(`tipos.${tipo}`)}>
              <Group gap={8} wrap="nowrap">
                <Radio.Indicator size="xs" />
                <Icon size={18} stroke={1.6} aria-hidden />
                <Text size="sm" fw={500}>
                  {t(`tipos.${tipo}`)}
                </Text>
              </Group>
            </Radio.Card>
          );
        })}
      </SimpleGrid>
    </Radio.Group>
  );
}
