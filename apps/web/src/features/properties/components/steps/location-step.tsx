import { Grid, Select, Stack, TextInput } from '@mantine/core';
import { IconMapPin, IconWorld } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { countryGroups } from '../../../../lib/countries.ts';
import { withCountry } from '../../lib/draft.ts';
import { StepHeader } from '../step-header.tsx';
import type { StepProps } from '../step-props.ts';

/** Step 2: country (Spain first, then Latin America, then the rest), address, city and postal code. */
export function LocationStep({ draft, update, errors }: StepProps) {
  const { t, i18n } = useTranslation('properties');
  const language = i18n.resolvedLanguage ?? 'es';
  const data = useMemo(
    () =>
      countryGroups(language, {
        latinAmerica: t('countries.latinAmerica'),
        rest: t('countries.rest'),
      }),
    [language, t],
  );
  return (
    <>
      <StepHeader title={t('steps.location.title')} description={t('steps.location.description')} />
      <Stack gap="lg">
        <Select
          label={t('fields.pais')}
          placeholder={t('fields.paisPlaceholder')}
          data={data}
          value={draft.pais || null}
          onChange={(value) => update((d) => withCountry(d, value ?? ''))}
          searchable
          nothingFoundMessage={t('fields.paisNothing')}
          error={errors.pais}
          leftSection={<IconWorld size={16} aria-hidden />}
          maxDropdownHeight={280}
          comboboxProps={{ shadow: 'md' }}
        />
        <TextInput
          label={t('fields.address')}
          placeholder={t('fields.addressPlaceholder')}
          value={draft.address}
          onChange={(e) => update({ address: e.currentTarget.value })}
          error={errors.address}
          maxLength={200}
          leftSection={<IconMapPin size={16} aria-hidden />}
          autoComplete="street-address"
          dir="auto"
        />
        <Grid gutter="md">
          <Grid.Col span={{ base: 12, sm: 7 }}>
            <TextInput
              label={t('fields.city')}
              value={draft.city}
              onChange={(e) => update({ city: e.currentTarget.value })}
              error={errors.city}
              maxLength={120}
              autoComplete="address-level2"
              dir="auto"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <TextInput
              label={t('fields.zipCode')}
              value={draft.zipCode}
              onChange={(e) => update({ zipCode: e.currentTarget.value })}
              error={errors.zipCode}
              maxLength={20}
              autoComplete="postal-code"
            />
          </Grid.Col>
        </Grid>
      </Stack>
    </>
  );
}
