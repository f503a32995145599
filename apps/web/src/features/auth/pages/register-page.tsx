import { Button, Group, PasswordInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type RegisterBody, registerBody, roomRanges } from '@posada/contracts/auth';
import { localeSchema } from '@posada/contracts/users';
import { IconGift } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert.tsx';
import { applyServerErrors, contractResolver } from '../../../components/form-errors.ts';
import { PhoneField } from '../../../components/phone-field.tsx';
import { pathTo } from '../../../config/routes.ts';
import { notify } from '../../../lib/notify.ts';
import { DEFAULT_PHONE_COUNTRY } from '../../../lib/phone-countries.ts';
import { authApi } from '../api/auth-api.ts';
import { AuthSwitchPrompt } from '../components/auth-links.tsx';
import { AuthPage } from '../components/auth-page.tsx';
import { CheckEmailPanel } from '../components/check-email-panel.tsx';
import { EmailField } from '../components/email-field.tsx';
import { PropertyTypeField } from '../components/property-type-field.tsx';
import classes from './register-page.module.css';

const FIELDS = [
  'name',
  'email',
  'password',
  'password_confirmation',
  'phone',
  'phone_country',
  'tipo_hospedaje',
  'room_range',
  'advisor_code',
] as const;

/** Register (spec 2.4): the account starts its 14-day free trial, no card; then the e-mail is confirmed. */
export function RegisterPage() {
  const { t, i18n } = useTranslation('auth');
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<RegisterBody, unknown, RegisterBody>({
    resolver: contractResolver(registerBody, (key, params) => i18n.t(key, params)),
    defaultValues: {
      name: '',
      email: '',
      password: '',
      password_confirmation: '',
      phone: '',
      phone_country: DEFAULT_PHONE_COUNTRY,
      tipo_hospedaje: undefined,
      room_range: undefined,
      advisor_code: '',
    },
    mode: 'onTouched',
  });
  const errors = form.formState.errors;
  const register = useMutation({ mutationFn: authApi.register });

  const onSubmit = form.handleSubmit((values) => {
    setAlert(null);
    const locale = localeSchema.safeParse(i18n.resolvedLanguage);
    register.mutate(
      { ...values, locale: locale.success ? locale.data : undefined },
      {
        onSuccess: (data) => {
          notify.success(data.message || t('register.created'));
          setRegisteredEmail(data.email || values.email);
        },
        onError: (error) =>
          setAlert(applyServerErrors(error, form.setError, FIELDS, t('common:errors.unexpected'))),
      },
    );
  });

  if (registeredEmail) return <CheckEmailPanel email={registeredEmail} />;

  const rangeOptions = roomRanges.map((range) => ({ value: range, label: t(`roomRanges.${range}`) }));

  return (
    <AuthPage title={t('register.title')} description={t('register.subtitle')} width={520}>
      <Group gap={8} wrap="nowrap" px="sm" py={8} className={classes.trial}>
        <IconGift size={18} aria-hidden style={{ flexShrink: 0 }} />
        <Text size="sm" fw={600}>
          {t('register.trial')}
        </Text>
      </Group>
      {alert ? <FormAlert title={t('register.failed')}>{alert}</FormAlert> : null}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('fields.name')}
            autoComplete="name"
            placeholder={t('placeholders.name')}
            error={errors.name?.message}
            {...form.register('name')}
          />
          <EmailField error={errors.email?.message} {...form.register('email')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <PasswordInput
              label={t('fields.password')}
              description={t('register.passwordHint')}
              autoComplete="new-password"
              error={errors.password?.message}
              {...form.register('password')}
            />
            <PasswordInput
              label={t('fields.passwordConfirmation')}
              description={t('register.confirmationHint')}
              autoComplete="new-password"
              error={errors.password_confirmation?.message}
              {...form.register('password_confirmation')}
            />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="phone_country"
            render={({ field }) => (
              <PhoneField
                countryLabel={t('fields.phoneCountry')}
                country={field.value ?? DEFAULT_PHONE_COUNTRY}
                onCountryChange={field.onChange}
                countryError={errors.phone_country?.message}
                countryWidth={118}
                phoneProps={{
                  label: t('fields.phone'),
                  placeholder: t('placeholders.phone'),
                  error: errors.phone?.message,
                  ...form.register('phone'),
                }}
              />
            )}
          />
          <Controller
            control={form.control}
            name="tipo_hospedaje"
            render={({ field }) => (
              <PropertyTypeField
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.tipo_hospedaje?.message}
              />
            )}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Controller
              control={form.control}
              name="room_range"
              render={({ field }) => (
                <Select
                  label={t('fields.roomRange')}
                  placeholder={t('placeholders.roomRange')}
                  data={rangeOptions}
                  value={field.value ?? null}
                  onChange={(value) => field.onChange(value ?? undefined)}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  allowDeselect={false}
                  error={errors.room_range?.message}
                />
              )}
            />
            <TextInput
              label={t('fields.advisorCode')}
              placeholder={t('placeholders.advisorCode')}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              error={errors.advisor_code?.message}
              {...form.register('advisor_code')}
            />
          </SimpleGrid>
          <Button type="submit" size="md" fullWidth loading={register.isPending} mt="xs">
            {t('register.submit')}
          </Button>
        </Stack>
      </form>
      <AuthSwitchPrompt prompt={t('register.haveAccount')} to={pathTo('Login')}>
        {t('register.login')}
      </AuthSwitchPrompt>
    </AuthPage>
  );
}
