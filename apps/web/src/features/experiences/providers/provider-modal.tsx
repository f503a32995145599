import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { type Provider, type ProviderBody, providerBody } from '@posada/contracts/experiences';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert.tsx';
import { applyServerErrors, contractResolver } from '../../../components/form-errors.ts';
import { countryGroups } from '../../../lib/countries.ts';
import { notify } from '../../../lib/notify.ts';
import { phoneCountries } from '../../../lib/phone-countries.ts';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';
import { saveProvider, useInvalidateServices } from '../api/services-api.ts';

const FIELDS = ['name', 'country', 'phone', 'email', 'address'] as const;

function ProviderForm({
  editing,
  defaultCountry,
  onClose,
  onSaved,
}: {
  editing: Provider | null;
  defaultCountry: string;
  onClose: () => void;
  onSaved?: (provider: Provider) => void;
}) {
  const { t, i18n } = useTranslation(['experiences', 'common']);
  const language = i18n.resolvedLanguage ?? 'es';
  const invalidate = useInvalidateServices();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<ProviderBody>({
    resolver: contractResolver(providerBody, (key, params) => i18n.t(key, params)),
    defaultValues: editing
      ? {
          name: editing.name,
          country: editing.country,
          phone: editing.phone,
          email: editing.email,
          address: editing.address,
        }
      : { name: '', country: defaultCountry, phone: '', email: '', address: '' },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const save = useMutation({
    mutationFn: (body: ProviderBody) => saveProvider(editing?.id ?? null, body),
    onSuccess: async (provider) => {
      await invalidate();
      notify.success(t(editing ? 'providers.updated' : 'providers.created', { name: provider.name }));
      onSaved?.(provider);
      onClose();
    },
    onError: (error) => {
      const message = applyServerErrors(error, form.setError, FIELDS, t('providers.saveError'));
      setAlert(message);
      notify.error(message ?? t('providers.saveError'));
    },
  });
  const country = form.watch('country');
  const dial = phoneCountries.find((c) => c.code === country)?.dial;
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((body) => {
        setAlert(null);
        save.mutate(body);
      })}
    >
      <Stack gap="md">
        {alert ? <FormAlert>{alert}</FormAlert> : null}
        <TextInput
          label={t('providers.fields.name')}
          placeholder={t('providers.fields.namePlaceholder')}
          required
          data-autofocus
          autoComplete="off"
          error={errors.name?.message}
          {...form.register('name')}
        />
        <Controller
          control={form.control}
          name="country"
          render={({ field }) => (
            <Select
              label={t('providers.fields.country')}
              data={countryGroups(language, {
                latinAmerica: t('providers.latinAmerica'),
                rest: t('providers.otherCountries'),
              })}
              value={field.value}
              onChange={(value) => value && field.onChange(value)}
              onBlur={field.onBlur}
              searchable
              allowDeselect={false}
              error={errors.country?.message}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />
        <TextInput
          label={t('providers.fields.phone')}
          description={t('providers.fields.phoneHint')}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          dir="ltr"
          placeholder={dial ? `${dial} …` : undefined}
          error={errors.phone?.message}
          styles={{ input: { textAlign: 'left' } }}
          {...form.register('phone')}
        />
        <TextInput
          label={t('providers.fields.email')}
          type="email"
          inputMode="email"
          autoComplete="off"
          dir="ltr"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextInput
          label={t('providers.fields.address')}
          autoComplete="off"
          error={errors.address?.message}
          {...form.register('address')}
        />
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {editing ? t('common:actions.save') : t('providers.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Adds or edits a provider (name, country, phone, e-mail, address); `onSaved` gets what was stored. */
export function ProviderModal({
  opened,
  editing,
  defaultCountry = 'ES',
  onClose,
  onSaved,
}: {
  opened: boolean;
  editing: Provider | null;
  defaultCountry?: string;
  onClose: () => void;
  onSaved?: (provider: Provider) => void;
}) {
  const { t } = useTranslation('experiences');
  const isMobile = useIsMobile();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? t('providers.editTitle', { name: editing.name }) : t('providers.newTitle')}
      centered
      fullScreen={isMobile}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {opened ? (
        <ProviderForm
          key={editing?.id ?? 'new'}
          editing={editing}
          defaultCountry={defaultCountry}
          onClose={onClose}
          onSaved={onSaved}
        />
      ) : null}
    </Modal>
  );
}
