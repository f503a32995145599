import { Paper } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CounterField } from '../../../components/counter-field.tsx';
import { SectionPage } from '../components/section-page.tsx';
import { useSectionForm } from '../components/use-section-form.ts';

/** capacity-property: guests, bedrooms and bathrooms (apartments and villas). */
export function CapacityPropertyPage() {
  const { t } = useTranslation(['settings', 'properties']);
  const s = useSectionForm('capacity-property');
  const { control } = s.form;
  const counters = [
    { name: 'guests', min: 1, max: 500, hint: t('properties:fields.guestsHint') },
    { name: 'bedrooms', min: 0, max: 200 },
    { name: 'bathrooms', min: 0, max: 200 },
  ] as const;
  return (
    <SectionPage section="capacity-property" form={s}>
      <Paper withBorder radius="md" px="lg" py="sm">
        {counters.map((counter) => (
          <Controller
            key={counter.name}
            control={control}
            name={counter.name}
            render={({ field, fieldState }) => (
              <CounterField
                label={t(`properties:fields.${counter.name}`)}
                description={'hint' in counter ? counter.hint : undefined}
                value={field.value}
                onChange={field.onChange}
                min={counter.min}
                max={counter.max}
                error={fieldState.error?.message}
              />
            )}
          />
        ))}
      </Paper>
    </SectionPage>
  );
}
