import { Box, Loader, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { User } from '@posada/contracts/users';
import { PICKER_MAX } from '@posada/domain/property-types';
import { useTranslation } from 'react-i18next';
import { PropertyAvatar } from '../../components/property-avatar.tsx';
import classes from '../../components/shell.module.css';
import { useSwitchProperty } from './use-switch-property.ts';

/** spec 2.3 property picker: up to 8 properties as large cards; the choice is remembered server-side. */
export function PropertyPicker({ user }: { user: User }) {
  const { t } = useTranslation(['shell', 'common']);
  const switchProperty = useSwitchProperty();
  const properties = user.properties.slice(0, PICKER_MAX);
  return (
    <Stack
      gap="xl"
      maw={960}
      mx="auto"
      py={{ base: 'md', sm: 48 }}
      component="section"
      aria-labelledby="picker-title"
    >
      <Stack gap={6} ta="center">
        <Title order={1} fz={{ base: 24, sm: 30 }} id="picker-title">
          {t('picker.title')}
        </Title>
        <Text c="dimmed">{t('picker.description')}</Text>
      </Stack>
      <div className={classes.pickerGrid}>
        {properties.map((property) => {
          const pending = switchProperty.isPending && switchProperty.variables === property.id;
          return (
            <UnstyledButton
              key={property.id}
              className={classes.pickerCard}
              data-loading={pending || undefined}
              disabled={switchProperty.isPending}
              aria-busy={pending || undefined}
              onClick={() => switchProperty.mutate(property.id)}
            >
              <Box pos="relative">
                <PropertyAvatar property={property} size={72} radius="lg" fz={28} />
                {pending && (
                  <Loader size="sm" pos="absolute" top="50%" left="50%" style={{ translate: '-50% -50%' }} />
                )}
              </Box>
              <Text fw={650} lineClamp={2} dir="auto">
                {property.nombre}
              </Text>
              <Text size="sm" c="dimmed">
                {t(`common:propertyTypes.${property.tipo_propiedad}`)}
              </Text>
            </UnstyledButton>
          );
        })}
      </div>
      <Text size="sm" c="dimmed" ta="center">
        {t('picker.hint')}
      </Text>
    </Stack>
  );
}
