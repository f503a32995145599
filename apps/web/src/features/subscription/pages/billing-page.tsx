import { Button, Card, Grid, Select, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { type BillingDetailsInput, billingDetailsBody } from '@posada/contracts/billing';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, contractResolver } from '../../../components/form-errors.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { countryGroups } from '../../../lib/countries.ts';
import { notify } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/use-session.ts';
import { billingDetailsQuery, useSaveBillingDetails } from '../api/billing-api.ts';

type Values = {
  business_name: string;
  tax_id: string;
  address: string;
  city: string;
  country: string;
  province: string;
  postal_code: string;
  email: string;
};
const fields = [
  'business_name',
  'tax_id',
  'address',
  'city',
  'country',
  'province',
  'postal_code',
  'email',
] as const;

/** spec 2.2 profile/billing, spec 3 Billing data: who the platform's invoices are made out to. */
export function BillingPage() {
  const { t, i18n } = useTranslation(['subscription', 'properties']);
  const language = i18n.language;
  const user = useCurrentUser().data;
  const details = useQuery(billingDetailsQuery());
  const save = useSaveBillingDetails();
  const countries = useMemo(
    () =>
      countryGroups(language, {
        latinAmerica: t('properties:countries.latinAmerica'),
        rest: t('properties:countries.rest'),
      }),
    [language, t],
  );
  // The contract's own billing.* messages live in this namespace's billingForm.validation.
  const translate = (key: string, params?: Record<string, unknown>) =>
    i18n.t(key.replace(/^billing:validation\./, 'subscription:billingForm.validation.'), params);
  const form = useForm<Values, unknown, BillingDetailsInput>({
    resolver: contractResolver(billingDetailsBody, translate) as never,
    defaultValues: {
      business_name: '',
      tax_id: '',
      address: '',
      city: '',
      country: user?.pais ?? 'ES',
      province: '',
      postal_code: '',
      email: '',
    },
    mode: 'onTouched',
  });
  const { reset } = form;
  useEffect(() => {
    const d = details.data;
    if (d)
      reset({
        business_name: d.business_name,
        tax_id: d.tax_id,
        address: d.address,
        city: d.city ?? '',
        country: d.country,
        province: d.province ?? '',
        postal_code: d.postal_code,
        email: d.email ?? '',
      });
  }, [details.data, reset]);

  if (details.isError)
    return (
      <LoadError
        title={t('billingForm.loadError')}
        onRetry={() => void details.refetch()}
        retrying={details.isFetching}
      />
    );
  if (details.isPending)
    return (
      <Card withBorder radius="md" padding="lg" aria-busy="true">
        <Stack>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h={56} />
          ))}
        </Stack>
      </Card>
    );
  const err = (name: (typeof fields)[number]) => form.formState.errors[name]?.message;
  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => notify.success(t('billingForm.saved')),
      onError: (error) => {
        const message = applyServerErrors(error, form.setError, fields, t('common:errors.unexpected'));
        if (message) notify.error(message);
      },
    }),
  );
  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={submit} noValidate data-testid="billing-form">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('billingForm.intro')}
          </Text>
          <Grid gutter="md">
            <Grid.Col span={{ base: 12, sm: 8 }}>
              <TextInput
                label={t('billingForm.businessName')}
                required
                autoComplete="organization"
                error={err('business_name')}
                {...form.register('business_name')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput
                label={t('billingForm.taxId')}
                description={t('billingForm.taxIdHint')}
                dir="ltr"
                error={err('tax_id')}
                {...form.register('tax_id')}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <TextInput
                label={t('billingForm.address')}
                required
                autoComplete="street-address"
                error={err('address')}
                {...form.register('address')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label={t('billingForm.city')}
                autoComplete="address-level2"
                error={err('city')}
                {...form.register('city')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Controller
                control={form.control}
                name="country"
                render={({ field }) => (
                  <Select
                    label={t('billingForm.country')}
                    required
                    searchable
                    data={countries}
                    value={field.value}
                    onChange={(value) => field.onChange(value ?? '')}
                    onBlur={field.onBlur}
                    error={err('country')}
                    allowDeselect={false}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label={t('billingForm.province')}
                autoComplete="address-level1"
                error={err('province')}
                {...form.register('province')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label={t('billingForm.postalCode')}
                required
                autoComplete="postal-code"
                dir="ltr"
                error={err('postal_code')}
                {...form.register('postal_code')}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <TextInput
                label={t('billingForm.email')}
                description={t('billingForm.emailHint')}
                type="email"
                autoComplete="email"
                dir="ltr"
                error={err('email')}
                {...form.register('email')}
              />
            </Grid.Col>
          </Grid>
          <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('common:actions.save')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
