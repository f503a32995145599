import { Stack, Text, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LogoField } from '../../../components/property-fields/logo-field.tsx';
import { SectionPage } from '../components/section-page.tsx';
import { useSectionForm } from '../components/use-section-form.ts';

/**
 * name-property: the accommodation name guests see, the internal name only the team sees, and the
 * logo (uploaded as in the wizard; saved with the name: replaced, or removed with null).
 */
export function NamePropertyPage() {
  const { t } = useTranslation(['settings', 'properties']);
  const s = useSectionForm('name-property');
  const { register, formState, control } = s.form;
  return (
    <SectionPage section="name-property" form={s}>
      <TextInput
        label={t('properties:fields.nombre')}
        description={t('fields.nombreHint')}
        error={formState.errors.nombre?.message}
        maxLength={120}
        dir="auto"
        {...register('nombre')}
      />
      <TextInput
        label={t('properties:fields.internalName')}
        description={t('properties:fields.internalNameHint')}
        error={formState.errors.internal_name?.message}
        maxLength={120}
        dir="auto"
        {...register('internal_name')}
      />
      <Controller
        control={control}
        name="logo"
        render={({ field, fieldState }) => (
          <Stack gap={6} role="group" aria-labelledby="settings-logo-label">
            <Text size="sm" fw={500} id="settings-logo-label">
              {t('logo.label')}
            </Text>
            <Text size="xs" c="dimmed" mt={-4}>
              {t('logo.hint')}
            </Text>
            <LogoField
              value={field.value ?? null}
              onChange={(url) => field.onChange(url)}
              error={fieldState.error?.message}
              disabled={s.locked}
            />
          </Stack>
        )}
      />
    </SectionPage>
  );
}
