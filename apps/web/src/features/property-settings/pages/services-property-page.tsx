import { Text } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ServiceCards } from '../../../components/service-cards.tsx';
import { SectionPage } from '../components/section-page.tsx';
import { useSectionForm } from '../components/use-section-form.ts';

/** services-property: the fixed services list (spec 3). */
export function ServicesPropertyPage() {
  const { t } = useTranslation(['settings', 'properties']);
  const s = useSectionForm('services-property');
  const { control, watch } = s.form;
  const count = watch('services').length;
  return (
    <SectionPage section="services-property" form={s}>
      <Controller
        control={control}
        name="services"
        render={({ field }) => (
          <ServiceCards value={field.value} onChange={field.onChange} disabled={s.locked} />
        )}
      />
      <Text size="sm" c="dimmed">
        {t('properties:steps.services.count', { n: count })}
      </Text>
    </SectionPage>
  );
}
