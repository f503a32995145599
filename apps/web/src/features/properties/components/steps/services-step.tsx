import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ServiceCards } from '../../../../components/service-cards.tsx';
import { StepHeader } from '../step-header.tsx';
import type { StepProps } from '../step-props.ts';

/** The fixed services list (spec 3) as toggle cards. */
export function ServicesStep({ draft, update }: StepProps) {
  const { t } = useTranslation('properties');
  return (
    <>
      <StepHeader title={t('steps.services.title')} description={t('steps.services.description')} />
      <ServiceCards value={draft.services} onChange={(services) => update({ services })} />
      <Text size="sm" c="dimmed" mt="md">
        {t('steps.services.count', { n: draft.services.length })}
      </Text>
    </>
  );
}
