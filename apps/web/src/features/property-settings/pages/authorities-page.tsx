import { Alert, Badge, Grid, Group, PasswordInput, Select, Text, TextInput } from '@mantine/core';
import { authorityEntities } from '@posada/contracts/property-settings';
import { IconAlertTriangle, IconBuildingCommunity, IconCheck, IconShieldCheck } from '@tabler/icons-react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SectionPage } from '../components/section-page.tsx';
import classes from '../components/settings.module.css';
import { useSettingsContext } from '../components/settings-context.ts';
import { useSectionForm } from '../components/use-section-form.ts';
import { authoritiesPasswordProblem } from '../lib/authorities.ts';

/**
 * authorities (spec 3 Authority credentials; spec 5 Authority data): the police body guests are
 * registered with and the account there. Everything is required; the password is write-only: it is
 * never shown again, a blank one keeps the stored password, and it is required only while none is
 * stored. Advice: no more than three attempts, as too many can lock the account. Gated (authorities).
 */
export function AuthoritiesPage() {
  const { t } = useTranslation(['settings', 'common']);
  const { settings } = useSettingsContext();
  const passwordSet = settings.authorities.password_set;
  const s = useSectionForm('authorities', {
    check: (values) =>
      authoritiesPasswordProblem(passwordSet, values.password)
        ? { password: t('common:validation.required') }
        : {},
  });
  const { control, formState, register } = s.form;
  return (
    <SectionPage section="authorities" form={s}>
      <Alert
        color="orange"
        variant="light"
        radius="md"
        icon={<IconAlertTriangle size={18} aria-hidden />}
        title={t('authorities.adviceTitle')}
        data-testid="authorities-advice"
      >
        <Text size="sm">{t('authorities.advice')}</Text>
      </Alert>
      <Controller
        control={control}
        name="entity"
        render={({ field, fieldState }) => (
          <Select
            label={t('authorities.entity')}
            description={t('authorities.entityHint')}
            placeholder={t('authorities.entityPlaceholder')}
            data={authorityEntities.map((value) => ({ value, label: t(`authorities.entities.${value}`) }))}
            value={field.value ?? null}
            onChange={(value) => field.onChange(value)}
            onBlur={field.onBlur}
            ref={field.ref}
            withAsterisk
            allowDeselect={false}
            error={fieldState.error?.message}
            leftSection={<IconBuildingCommunity size={16} aria-hidden />}
          />
        )}
      />
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label={t('authorities.user')}
            description={t('authorities.userHint')}
            withAsterisk
            error={formState.errors.user?.message}
            maxLength={120}
            autoComplete="off"
            spellCheck={false}
            classNames={{ input: classes.ltrInput }}
            {...register('user')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <PasswordInput
            label={
              <Group gap={6} component="span" wrap="nowrap" style={{ display: 'inline-flex' }}>
                {t('authorities.password')}
                {passwordSet ? (
                  <Badge
                    size="xs"
                    variant="light"
                    color="teal"
                    tt="none"
                    component="span"
                    leftSection={<IconCheck size={10} aria-hidden />}
                  >
                    {t('authorities.passwordSaved')}
                  </Badge>
                ) : null}
              </Group>
            }
            withAsterisk={!passwordSet}
            description={passwordSet ? t('authorities.passwordKeepHint') : t('authorities.passwordHint')}
            placeholder={passwordSet ? '••••••••' : undefined}
            error={formState.errors.password?.message}
            maxLength={200}
            autoComplete="new-password"
            classNames={{ innerInput: classes.ltrInput }}
            visibilityToggleButtonProps={{ 'aria-label': t('authorities.showPassword') }}
            {...register('password')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label={t('authorities.establishmentCode')}
            description={t('authorities.establishmentCodeHint')}
            withAsterisk
            error={formState.errors.establishment_code?.message}
            maxLength={60}
            autoComplete="off"
            spellCheck={false}
            classNames={{ input: classes.ltrInput }}
            {...register('establishment_code')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label={t('authorities.landlordCode')}
            description={t('authorities.landlordCodeHint')}
            withAsterisk
            error={formState.errors.landlord_code?.message}
            maxLength={60}
            autoComplete="off"
            spellCheck={false}
            classNames={{ input: classes.ltrInput }}
            {...register('landlord_code')}
          />
        </Grid.Col>
      </Grid>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <IconShieldCheck
          size={16}
          aria-hidden
          color="var(--mantine-color-gray-6)"
          style={{ flexShrink: 0, marginTop: 2 }}
        />
        <Text size="xs" c="dimmed">
          {t('authorities.privacy')}
        </Text>
      </Group>
    </SectionPage>
  );
}
