import {
  Anchor,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type Service, type ServiceBody, serviceBody } from '@posada/contracts/experiences';
import { priceTypes, serviceCategories } from '@posada/domain/experiences';
import { IconBolt, IconPlus, IconUserCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormAlert } from '../../../components/form-alert.tsx';
import { applyServerErrors, contractResolver } from '../../../components/form-errors.ts';
import { MoneyInput } from '../../../components/money-input.tsx';
import { RadioCardGrid } from '../../../components/radio-card-grid.tsx';
import { pathTo } from '../../../config/routes.ts';
import { propertiesQuery } from '../../../lib/api/properties-api.ts';
import { notify } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/use-session.ts';
import {
  providersQuery,
  saveService,
  uploadServicePhoto,
  useInvalidateServices,
} from '../api/services-api.ts';
import {
  currencyFor,
  emptyServiceValues,
  type ServiceFormValues,
  serviceFormFields,
  serviceToValues,
} from '../lib/service-form-values.ts';
import { type ServiceCurrency, serviceCurrencies } from '../lib/service-money.ts';
import { ProviderModal } from '../providers/provider-modal.tsx';
import { ServicePhotos, usePendingPhotos } from './service-photos.tsx';
import { ServiceTextTabs, type TextLanguage } from './service-text-tabs.tsx';

const ALL = 'all';
const INTERNAL = 'internal';

/** The price (the form holds integer minor units). */
function PriceInput({
  currency,
  minor,
  onChange,
  onBlur,
  error,
}: {
  currency: ServiceCurrency;
  minor: number | null;
  onChange: (minor: number | null) => void;
  onBlur: () => void;
  error?: string;
}) {
  const { t } = useTranslation('experiences');
  return (
    <MoneyInput
      label={t('form.price')}
      description={t('form.priceHint')}
      required
      currency={currency}
      value={minor}
      onChange={onChange}
      onBlur={onBlur}
      error={error}
    />
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * createServicio and updateServicio: one form (spec 3 Service / experience). A refused save keeps
 * everything typed and puts the API's messages under their fields; photos chosen before a new service
 * exists are uploaded right after it is created.
 */
export function ServiceForm({ service }: { service: Service | null }) {
  const { t, i18n } = useTranslation(['experiences', 'common']);
  const navigate = useNavigate();
  const invalidate = useInvalidateServices();
  const userProperties = useCurrentUser().data?.properties ?? [];
  const properties = useQuery(propertiesQuery);
  const providers = useQuery(providersQuery());
  const [language, setLanguage] = useState<TextLanguage>('es');
  const [alert, setAlert] = useState<string | null>(null);
  const [providerModal, setProviderModal] = useState(false);
  const pending = usePendingPhotos();
  const form = useForm<ServiceFormValues>({
    resolver: contractResolver(serviceBody, (key, params) =>
      i18n.t(key, params),
    ) as unknown as Resolver<ServiceFormValues>,
    defaultValues: service ? serviceToValues(service) : emptyServiceValues(currencyFor(null, userProperties)),
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  const currency = form.watch('currency') as ServiceCurrency;

  const onSubmit = form.handleSubmit(
    async (values) => {
      setAlert(null);
      let saved: Service;
      try {
        saved = await saveService(service?.id ?? null, values as ServiceBody);
      } catch (error) {
        const message = applyServerErrors(error, form.setError, serviceFormFields, t('form.saveError'));
        if (form.formState.errors.title || form.formState.errors.description) setLanguage('es');
        setAlert(message);
        notify.error(message ?? t('form.fixErrors'));
        return;
      }
      const failed: string[] = [];
      for (const photo of service ? [] : pending.photos) {
        try {
          await uploadServicePhoto(saved.id, photo.file);
        } catch (error) {
          failed.push(
            error instanceof Error && error.message
              ? `${photo.file.name}: ${error.message}`
              : photo.file.name,
          );
        }
      }
      await invalidate();
      if (failed.length > 0) {
        // The service exists: its form (now an update) lets the operator try those photos again.
        notify.warning(t('form.photosFailed', { files: failed.join(', ') }));
        void navigate(pathTo('updateServicio', { id: saved.id }), { replace: true });
        return;
      }
      notify.success(t(service ? 'form.updated' : 'form.created', { name: saved.name }));
      void navigate(pathTo('Ofertas'));
    },
    (invalid) => {
      if (invalid.title || invalid.description) setLanguage('es');
      notify.error(t('form.fixErrors'));
    },
  );

  const propertyOptions = [
    { value: ALL, label: t('form.allProperties') },
    ...(properties.data?.items ?? []).map((p) => ({ value: p.id, label: p.nombre })),
  ];
  const providerOptions = [
    { value: INTERNAL, label: t('form.internal') },
    ...(providers.data?.items ?? []).map((p) => ({ value: p.id, label: p.name })),
  ];

  return (
    <>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="lg">
          {alert ? <FormAlert>{alert}</FormAlert> : null}
          <Section title={t('form.sections.what')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label={t('form.name')}
                description={t('form.nameHint')}
                placeholder={t('form.namePlaceholder')}
                required
                maxLength={120}
                error={errors.name?.message}
                {...form.register('name')}
              />
              <Controller
                control={form.control}
                name="category"
                render={({ field }) => (
                  <Select
                    label={t('form.category')}
                    description={t('form.categoryHint')}
                    required
                    data={serviceCategories.map((c) => ({ value: c, label: t(`categories.${c}`) }))}
                    value={field.value}
                    onChange={(value) => value && field.onChange(value)}
                    allowDeselect={false}
                    error={errors.category?.message}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="property_id"
                render={({ field }) => (
                  <Select
                    label={t('form.property')}
                    description={t('form.propertyHint')}
                    data={propertyOptions}
                    value={field.value ?? ALL}
                    onChange={(value) => {
                      const next = !value || value === ALL ? null : value;
                      field.onChange(next);
                      // The price follows the property's currency until the operator picks one.
                      if (!form.getFieldState('currency').isDirty)
                        form.setValue('currency', currencyFor(next, userProperties));
                    }}
                    allowDeselect={false}
                    error={errors.property_id?.message}
                  />
                )}
              />
              <Stack gap={4}>
                <Controller
                  control={form.control}
                  name="provider_id"
                  render={({ field }) => (
                    <Select
                      label={t('form.provider')}
                      description={t('form.providerHint')}
                      data={providerOptions}
                      value={field.value ?? INTERNAL}
                      onChange={(value) => field.onChange(!value || value === INTERNAL ? null : value)}
                      allowDeselect={false}
                      error={errors.provider_id?.message}
                    />
                  )}
                />
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => setProviderModal(true)}
                  style={{ alignSelf: 'flex-start' }}
                >
                  <Group gap={4} wrap="nowrap">
                    <IconPlus size={14} aria-hidden />
                    {t('form.addProvider')}
                  </Group>
                </Anchor>
              </Stack>
            </SimpleGrid>
          </Section>

          <Section title={t('form.sections.guest')}>
            <Text size="sm" c="dimmed" mt={-8}>
              {t('form.guestHint')}
            </Text>
            <ServiceTextTabs form={form} language={language} onLanguage={setLanguage} />
          </Section>

          <Section title={t('form.sections.price')}>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <Controller
                control={form.control}
                name="price"
                render={({ field }) => (
                  <PriceInput
                    key={currency}
                    currency={currency}
                    minor={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={errors.price?.message}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="currency"
                render={({ field }) => (
                  <Select
                    label={t('form.currency')}
                    description={t('form.currencyHint')}
                    data={serviceCurrencies.map((c) => ({
                      value: c,
                      label: `${c} · ${t(`currencies.${c}`)}`,
                    }))}
                    value={field.value}
                    onChange={(value) => value && field.onChange(value)}
                    allowDeselect={false}
                    error={errors.currency?.message}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="price_type"
                render={({ field }) => (
                  <Select
                    label={t('form.priceType')}
                    description={t('form.priceTypeHint')}
                    data={priceTypes.map((p) => ({ value: p, label: t(`priceTypeOptions.${p}`) }))}
                    value={field.value}
                    onChange={(value) => value && field.onChange(value)}
                    allowDeselect={false}
                    error={errors.price_type?.message}
                  />
                )}
              />
            </SimpleGrid>
            <Controller
              control={form.control}
              name="confirmation"
              render={({ field }) => (
                <RadioCardGrid
                  label={t('form.confirmation')}
                  value={field.value}
                  onChange={field.onChange}
                  error={errors.confirmation?.message}
                  options={[
                    {
                      value: 'automatic',
                      title: t('confirmation.automatic'),
                      text: t('form.automaticHint'),
                      icon: () => <IconBolt size={20} aria-hidden />,
                    },
                    {
                      value: 'manual',
                      title: t('confirmation.manual'),
                      text: t('form.manualHint'),
                      icon: () => <IconUserCheck size={20} aria-hidden />,
                    },
                  ]}
                />
              )}
            />
          </Section>

          <Section title={t('form.sections.photos')}>
            <ServicePhotos service={service} pending={pending} />
          </Section>

          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
            <Controller
              control={form.control}
              name="active"
              render={({ field }) => (
                <Switch
                  checked={field.value ?? true}
                  onChange={(event) => field.onChange(event.currentTarget.checked)}
                  label={t('form.active')}
                  description={t('form.activeHint')}
                  color="teal"
                  size="md"
                />
              )}
            />
          </Paper>

          <Group justify="flex-end" gap="sm">
            <Button component={Link} to={pathTo('Ofertas')} variant="default">
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {service ? t('common:actions.save') : t('form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
      <ProviderModal
        opened={providerModal}
        editing={null}
        onClose={() => setProviderModal(false)}
        onSaved={(provider) => form.setValue('provider_id', provider.id, { shouldDirty: true })}
      />
    </>
  );
}
