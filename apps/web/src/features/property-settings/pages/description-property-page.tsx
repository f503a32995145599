import { Text } from '@mantine/core';
import type { GenerateDescriptionBody } from '@posada/contracts/properties';
import type { PropertySettings } from '@posada/contracts/property-settings';
import { type TipoHospedaje, tiposHospedaje } from '@posada/contracts/users';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LocalizedTextTabs } from '../../../components/localized-text-tabs.tsx';
import { GenerateDescription } from '../../../components/property-fields/generate-description.tsx';
import { SectionPage } from '../components/section-page.tsx';
import { useSettingsContext } from '../components/settings-context.ts';
import { useSectionForm } from '../components/use-section-form.ts';
import { hasAnyText } from '../lib/policy.ts';

/** What the AI writes the description from: the property as stored. */
function descriptionRequest(settings: PropertySettings): GenerateDescriptionBody {
  const tipo = (tiposHospedaje as readonly string[]).includes(settings.tipo_propiedad)
    ? (settings.tipo_propiedad as TipoHospedaje)
    : 'apartamento';
  return {
    tipo,
    nombre: settings.nombre.trim(),
    city: settings.city.trim() || undefined,
    services: settings.services,
    guests: Math.min(500, Math.max(1, settings.guests)),
  };
}

/** description-property: the description in es, en and ar, typed or generated with AI (as in the wizard). */
export function DescriptionPropertyPage() {
  const { t } = useTranslation(['settings', 'properties']);
  const { settings } = useSettingsContext();
  const s = useSectionForm('description-property');
  const { control, setValue, watch } = s.form;
  const description = watch('description');
  return (
    <SectionPage section="description-property" form={s}>
      <GenerateDescription
        request={() => descriptionRequest(settings)}
        hasText={hasAnyText(description)}
        onGenerated={(text) =>
          setValue('description', text, { shouldDirty: true, shouldValidate: s.form.formState.isSubmitted })
        }
        disabled={s.locked}
      />
      <Controller
        control={control}
        name="description"
        render={({ field, fieldState }) => (
          <LocalizedTextTabs
            value={field.value}
            onChange={(language, text) => field.onChange({ ...field.value, [language]: text })}
            label={(language) => t('properties:fields.description', { language })}
            placeholder={(language) => t(`properties:description.placeholder.${language}`)}
            error={fieldState.error?.message}
          />
        )}
      />
      <Text size="sm" c="dimmed">
        {t('properties:description.oneIsEnough')}
      </Text>
    </SectionPage>
  );
}
