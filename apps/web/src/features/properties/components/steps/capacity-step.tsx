import { Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CounterField } from '../../../../components/counter-field.tsx';
import { StepHeader } from '../step-header.tsx';
import type { StepProps } from '../step-props.ts';

/** Apartment and villa step 4: guests, bedrooms and bathrooms. */
export function CapacityStep({ draft, update }: StepProps) {
  const { t } = useTranslation('properties');
  return (
    <>
      <StepHeader title={t('steps.capacity.title')} description={t('steps.capacity.description')} />
      <Paper withBorder radius="lg" px="lg" py="sm">
        <CounterField
          label={t('fields.guests')}
          description={t('fields.guestsHint')}
          value={draft.guests}
          onChange={(guests) => update({ guests })}
          min={1}
          max={500}
        />
        <CounterField
          label={t('fields.bedrooms')}
          value={draft.bedrooms}
          onChange={(bedrooms) => update({ bedrooms })}
          max={200}
        />
        <CounterField
          label={t('fields.bathrooms')}
          value={draft.bathrooms}
          onChange={(bathrooms) => update({ bathrooms })}
          max={200}
        />
      </Paper>
    </>
  );
}
