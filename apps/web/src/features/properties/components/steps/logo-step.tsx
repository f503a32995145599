import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LogoField } from '../../../../components/property-fields/logo-field.tsx';
import { notify } from '../../../../lib/notify.ts';
import { StepHeader } from '../step-header.tsx';
import type { StepProps } from '../step-props.ts';

/** Step 3: the logo (PNG, JPG or SVG, at most 5 MB, 500×500 recommended). Optional. */
export function LogoStep({ draft, update, errors }: StepProps) {
  const { t } = useTranslation('properties');
  return (
    <>
      <StepHeader title={t('steps.logo.title')} description={t('steps.logo.description')} />
      <Stack gap="md">
        <LogoField
          value={draft.logo}
          onChange={(logo) => {
            update({ logo });
            if (!logo) notify.info(t('logo.removed'));
          }}
          error={errors.logo}
        />
        <Text size="sm" c="dimmed">
          {t('logo.optional')}
        </Text>
      </Stack>
    </>
  );
}
