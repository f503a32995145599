import { Button, Card, Group, Skeleton, Stack, TextInput } from '@mantine/core';
import { type UpdateProfileBody, updateProfileBody } from '@posada/contracts/account-security';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, contractResolver } from '../../../components/form-errors.ts';
import { notify } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/use-session.ts';
import { accountApi, useSetUser } from './account-api.ts';

/** spec 2.2 profile/config-account: the owner's name and phone; the e-mail is shown, not editable. */
export function AccountPage() {
  const { t, i18n } = useTranslation('account');
  const { data: user } = useCurrentUser();
  const setUser = useSetUser();
  const form = useForm<UpdateProfileBody>({
    resolver: contractResolver(updateProfileBody, (key, params) => i18n.t(key, params)),
    defaultValues: { name: '', phone: '', phone_country: 'ES' },
    mode: 'onTouched',
  });
  const { reset } = form;
  useEffect(() => {
    if (user) reset({ name: user.name, phone: user.phone ?? '', phone_country: user.pais ?? 'ES' });
  }, [user, reset]);
  const save = useMutation({
    mutationFn: accountApi.updateProfile,
    onSuccess: (updated) => {
      setUser(updated);
      reset({ name: updated.name, phone: updated.phone ?? '', phone_country: updated.pais ?? 'ES' });
      notify.success(t('profile.saved'));
    },
    onError: (error) => {
      const message = applyServerErrors(
        error,
        form.setError,
        ['name', 'phone'],
        t('common:errors.unexpected'),
      );
      if (message) notify.error(message);
    },
  });

  if (!user) {
    return (
      <Card withBorder radius="md" padding="lg" aria-busy="true">
        <Stack>
          <Skeleton h={56} />
          <Skeleton h={56} />
          <Skeleton h={56} />
        </Stack>
      </Card>
    );
  }
  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('profile.name')}
            autoComplete="name"
            error={form.formState.errors.name?.message}
            {...form.register('name')}
          />
          <TextInput
            label={t('profile.email')}
            value={user.email}
            readOnly
            description={t('profile.emailHint')}
            dir="ltr"
          />
          <TextInput
            label={t('profile.phone')}
            type="tel"
            autoComplete="tel"
            dir="ltr"
            description={t('profile.phoneHint')}
            error={form.formState.errors.phone?.message}
            {...form.register('phone')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={!form.formState.isDirty}>
              {t('profile.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
