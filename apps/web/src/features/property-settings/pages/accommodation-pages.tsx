import { Alert, Grid, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import type { GenerateDescriptionBody } from '@posada/contracts/properties';
import type { PropertySettings } from '@posada/contracts/property-settings';
import { type TipoHospedaje, tiposHospedaje } from '@posada/contracts/users';
import { IconAlertTriangle, IconDoorEnter, IconMapPin, IconWorld } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CounterField } from '../../../components/counter-field.tsx';
import { LocalizedTextTabs } from '../../../components/localized-text-tabs.tsx';
import { PriceFields } from '../../../components/price-fields.tsx';
import { GenerateDescription } from '../../../components/property-fields/generate-description.tsx';
import { LogoField } from '../../../components/property-fields/logo-field.tsx';
import { ServiceCards } from '../../../components/service-cards.tsx';
import { countryGroups } from '../../../lib/countries.ts';
import { SectionPage } from '../components/section-page.tsx';
import { useSettingsContext } from '../components/settings-context.ts';
import { SwitchCard } from '../components/switch-card.tsx';
import { useSectionForm } from '../components/use-section-form.ts';
import { hasAnyText } from '../lib/policy.ts';

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

/** price-property: the base nightly price and its currency. */
export function PricePropertyPage() {
  const s = useSectionForm('price-property');
  const { control, watch, setValue } = s.form;
  const currency = watch('currency');
  return (
    <SectionPage section="price-property" form={s}>
      <Controller
        control={control}
        name="price_night"
        render={({ field, fieldState }) => (
          <PriceFields
            currency={currency}
            priceNight={field.value || null}
            onCurrencyChange={(next) => setValue('currency', next, { shouldDirty: true })}
            onPriceChange={(minor) => field.onChange(minor ?? 0)}
            error={fieldState.error?.message}
            disabled={s.locked}
          />
        )}
      />
    </SectionPage>
  );
}

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

/**
 * data-basic-accommodation: the active or disabled switch (spec 4: disabled blocks check-ins, and
 * guests are told the owner disabled them). Disabling asks for confirmation.
 */
export function DataBasicPage() {
  const { t } = useTranslation('settings');
  const s = useSectionForm('data-basic-accommodation', {
    beforeSave: (values, save) => {
      const wasActive = s.form.formState.defaultValues?.active !== false;
      if (values.active || !wasActive) return save();
      openConfirmModal({
        title: t('dataBasic.confirmTitle'),
        centered: true,
        radius: 'lg',
        children: <Text size="sm">{t('dataBasic.confirmBody')}</Text>,
        labels: { confirm: t('dataBasic.confirm'), cancel: t('common:actions.cancel') },
        confirmProps: { color: 'red' },
        onConfirm: save,
      });
    },
  });
  const { control, watch } = s.form;
  const active = watch('active');
  return (
    <SectionPage section="data-basic-accommodation" form={s}>
      <Controller
        control={control}
        name="active"
        render={({ field }) => (
          <SwitchCard
            icon={IconDoorEnter}
            label={t('dataBasic.label')}
            description={active ? t('dataBasic.onHint') : t('dataBasic.offHint')}
            checked={field.value}
            onChange={field.onChange}
          />
        )}
      />
      {!active ? (
        <Alert color="orange" variant="light" radius="md" icon={<IconAlertTriangle size={18} aria-hidden />}>
          <Text size="sm">{t('dataBasic.guestMessageIntro')}</Text>
          <Text size="sm" fw={600} mt={4}>
            «{t('dataBasic.guestMessage')}»
          </Text>
        </Alert>
      ) : null}
    </SectionPage>
  );
}
