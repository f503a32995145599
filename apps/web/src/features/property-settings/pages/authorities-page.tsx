import {
  Alert,
  Anchor,
  Badge,
  FileInput,
  Grid,
  Group,
  PasswordInput,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { authorityEntities } from '@posada/contracts/property-settings';
import {
  IconAlertTriangle,
  IconBuildingCommunity,
  IconCertificate,
  IconCheck,
  IconInfoCircle,
  IconShieldCheck,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../config/routes.ts';
import { formatDay } from '../../../lib/intl.ts';
import { AuthorityConnection } from '../components/authority-connection.tsx';
import { SectionPage } from '../components/section-page.tsx';
import classes from '../components/settings.module.css';
import { useSettingsContext } from '../components/settings-context.ts';
import { useSectionForm } from '../components/use-section-form.ts';
import { authoritiesPasswordProblem, DEMO_AUTHORITY_USER, pfxBase64 } from '../lib/authorities.ts';

/** A PFX is a few kilobytes; the contract takes at most 40,000 base64 characters. */
const MAX_PFX_BYTES = 29_000;

/**
 * authorities (spec 3 Authority credentials; spec 5 Authority data): the police body guests are
 * registered with and the account there. Everything is required; the password is write-only: it is
 * never shown again, a blank one keeps the stored password, and it is required only while none is
 * stored. Advice: no more than three attempts, as too many can lock the account. Gated (authorities).
 */
export function AuthoritiesPage() {
  const { t, i18n } = useTranslation(['settings', 'common', 'registrations']);
  const language = i18n.resolvedLanguage ?? 'es';
  const { settings } = useSettingsContext();
  const stored = settings.authorities;
  const [pfxName, setPfxName] = useState<File | null>(null);
  const [pfxError, setPfxError] = useState<string | null>(null);
  const passwordSet = settings.authorities.password_set;
  const s = useSectionForm('authorities', {
    check: (values) =>
      authoritiesPasswordProblem(passwordSet, values.password)
        ? { password: t('common:validation.required') }
        : {},
  });
  const { control, formState, register, setValue } = s.form;
  const entity = useWatch({ control, name: 'entity' });
  const pickPfx = (file: File | null) => {
    setPfxName(file);
    setPfxError(null);
    if (!file) {
      setValue('certificate', '', { shouldDirty: true });
      return;
    }
    if (file.size > MAX_PFX_BYTES) {
      setPfxError(t('registrations:settings.certificateTooBig'));
      return;
    }
    const reader = new FileReader();
    reader.onload = () => setValue('certificate', pfxBase64(String(reader.result)), { shouldDirty: true });
    reader.readAsDataURL(file);
  };
  return (
    <SectionPage section="authorities" form={s}>
      {stored.entity === null ? (
        <Alert
          color="gray"
          variant="light"
          radius="md"
          icon={<IconInfoCircle size={18} aria-hidden />}
          data-testid="authorities-not-configured"
        >
          <Text size="sm">{t('registrations:settings.notConfigured')}</Text>
        </Alert>
      ) : stored.user === DEMO_AUTHORITY_USER ? (
        <Alert
          color="blue"
          variant="light"
          radius="md"
          icon={<IconInfoCircle size={18} aria-hidden />}
          title={t('registrations:settings.demoTitle')}
          data-testid="authorities-demo"
        >
          <Text size="sm">{t('registrations:settings.demo')}</Text>
        </Alert>
      ) : null}
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
      {entity ? (
        <Text size="sm" c="dimmed" data-testid="authorities-system">
          <Text span fw={600} c="var(--mantine-color-text)">
            {t('registrations:settings.systemTitle')}:
          </Text>{' '}
          {t(`registrations:settings.system.${entity}`)}
        </Text>
      ) : null}
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
      {entity === 'ertzaintza' ? (
        <Stack gap="xs" data-testid="authorities-certificate">
          <Grid gutter="md">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <FileInput
                label={t('registrations:settings.certificate')}
                description={t('registrations:settings.certificateHint')}
                accept=".pfx,.p12,application/x-pkcs12"
                value={pfxName}
                onChange={pickPfx}
                clearable
                placeholder={
                  stored.certificate_subject
                    ? t('registrations:settings.certificateReplace')
                    : t('registrations:settings.certificateNone')
                }
                error={pfxError ?? formState.errors.certificate?.message}
                leftSection={<IconCertificate size={16} aria-hidden />}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <PasswordInput
                label={t('registrations:settings.certificatePassword')}
                description={t('registrations:settings.certificatePasswordHint')}
                maxLength={200}
                autoComplete="new-password"
                classNames={{ innerInput: classes.ltrInput }}
                error={formState.errors.certificate_password?.message}
                {...register('certificate_password')}
              />
            </Grid.Col>
          </Grid>
          {stored.certificate_subject ? (
            <Badge
              variant="light"
              color="teal"
              tt="none"
              size="lg"
              leftSection={<IconCheck size={12} aria-hidden />}
              maw="100%"
              data-testid="certificate-stored"
            >
              {t('registrations:settings.certificateStored', {
                subject: stored.certificate_subject,
                date: stored.certificate_expires_at
                  ? formatDay(stored.certificate_expires_at.slice(0, 10), language)
                  : '—',
              })}
            </Badge>
          ) : null}
        </Stack>
      ) : null}
      <Controller
        control={control}
        name="send_mode"
        render={({ field }) => (
          <Radio.Group
            label={t('registrations:settings.sendMode')}
            description={t('registrations:settings.sendModeHint')}
            value={field.value ?? 'immediate'}
            onChange={field.onChange}
          >
            <Group gap="lg" mt="xs">
              <Radio value="immediate" label={t('registrations:settings.sendModes.immediate')} />
              <Radio value="nightly" label={t('registrations:settings.sendModes.nightly')} />
            </Group>
          </Radio.Group>
        )}
      />
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
      <AuthorityConnection dirty={formState.isDirty} />
      <Anchor component={Link} to={pathTo('registrations')} size="sm" fw={600}>
        {t('registrations:settings.registrations')}
      </Anchor>
    </SectionPage>
  );
}
