import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { type CreateAdvisorBody, createAdvisorBody } from '@posada/contracts/admin';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert.tsx';
import { applyServerErrors, contractResolver } from '../../../components/form-errors.ts';
import { notify } from '../../../lib/notify.ts';
import { useCreateAdvisor } from '../api/admin-api.ts';

const EMPTY: CreateAdvisorBody = { name: '', email: '', code: '' };

/** "Nuevo asesor": name, optional e-mail and the code new accounts type at registration. */
export function AdvisorFormModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const create = useCreateAdvisor();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<CreateAdvisorBody>({
    resolver: contractResolver(createAdvisorBody, (key, params) => i18n.t(key, params)),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const errors = form.formState.errors;

  const close = () => {
    form.reset(EMPTY);
    setAlert(null);
    onClose();
  };

  const onSubmit = form.handleSubmit((values) => {
    setAlert(null);
    create.mutate(values, {
      onSuccess: (advisor) => {
        notify.success(t('advisors.created', { name: advisor.name, code: advisor.code }));
        close();
      },
      onError: (error) =>
        setAlert(
          applyServerErrors(error, form.setError, ['name', 'email', 'code'], t('common:errors.unexpected')),
        ),
    });
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('advisors.form.title')}
      centered
      size="md"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {alert ? <FormAlert>{alert}</FormAlert> : null}
          <TextInput
            label={t('advisors.form.name')}
            autoComplete="off"
            data-autofocus
            error={errors.name?.message}
            {...form.register('name')}
          />
          <TextInput
            label={t('advisors.form.email')}
            type="email"
            autoComplete="off"
            inputMode="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <TextInput
            label={t('advisors.form.code')}
            description={t('advisors.form.codeHint')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            error={errors.code?.message}
            styles={{
              input: { textTransform: 'uppercase', fontFamily: 'var(--mantine-font-family-monospace)' },
            }}
            {...form.register('code')}
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('advisors.form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
