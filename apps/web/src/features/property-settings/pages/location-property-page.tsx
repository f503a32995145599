import { Grid, Select, TextInput } from '@mantine/core';
import { IconMapPin, IconWorld } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { countryGroups } from '../../../lib/countries.ts';
import { SectionPage } from '../components/section-page.tsx';
import { useSectionForm } from '../components/use-section-form.ts';

/** location-property: country, address, city and postal code. */
export function LocationPropertyPage() {
  const { t, i18n } = useTranslation(['settings', 'properties']);
  const s = useSectionForm('location-property');
  const { register, formState, control } = s.form;
  const language = i18n.resolvedLanguage ?? 'es';
  const countries = useMemo(
    () =>
      countryGroups(language, {
        latinAmerica: t('properties:countries.latinAmerica'),
        rest: t('properties:countries.rest'),
      }),
    [language, t],
  );
  return (
    <SectionPage section="location-property" form={s}>
      <Controller
        control={control}
        name="pais"
        render={({ field, fieldState }) => (
          <Select
            label={t('properties:fields.pais')}
            placeholder={t('properties:fields.paisPlaceholder')}
            data={countries}
            value={field.value || null}
            onChange={(value) => field.onChange(value ?? '')}
            onBlur={field.onBlur}
            ref={field.ref}
            searchable
            nothingFoundMessage={t('properties:fields.paisNothing')}
            error={fieldState.error?.message}
            leftSection={<IconWorld size={16} aria-hidden />}
            maxDropdownHeight={280}
          />
        )}
      />
      <TextInput
        label={t('properties:fields.address')}
        placeholder={t('properties:fields.addressPlaceholder')}
        error={formState.errors.address?.message}
        maxLength={200}
        leftSection={<IconMapPin size={16} aria-hidden />}
        autoComplete="street-address"
        dir="auto"
        {...register('address')}
      />
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <TextInput
            label={t('properties:fields.city')}
            error={formState.errors.city?.message}
            maxLength={120}
            autoComplete="address-level2"
            dir="auto"
            {...register('city')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <TextInput
            label={t('properties:fields.zipCode')}
            error={formState.errors.zip_code?.message}
            maxLength={20}
            autoComplete="postal-code"
            {...register('zip_code')}
          />
        </Grid.Col>
      </Grid>
    </SectionPage>
  );
}
