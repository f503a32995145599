import { PasswordInput, Select, Stack } from '@mantine/core';
import { smartLockDeliveryTimes, smartLockKeyTypes } from '@posada/contracts/property-settings';
import { IconClockHour4, IconKey, IconLockAccess, IconRefresh, IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RadioCardGrid } from '../../../components/radio-card-grid.tsx';
import { LockAccountsPanel } from '../components/lock-accounts-panel.tsx';
import { SectionPage } from '../components/section-page.tsx';
import classes from '../components/settings.module.css';
import { useSettingsContext } from '../components/settings-context.ts';
import { SectionSwitch, SwitchCard } from '../components/switch-card.tsx';
import { useSectionForm } from '../components/use-section-form.ts';

/**
 * smart-locks (spec 3 Smart lock; issue 14): whether guests get their access code, when, the key type
 * (static master code, or a code per stay on the assigned lock), the master code (spec 5: an empty key
 * gives 'Por favor ingrese una clave de acceso'), and whether the code waits for the accepted police
 * registration. Below the form: the vendor accounts and the lock picker. Gated (smart_locks), a paid extra.
 */
export function SmartLocksPage() {
  const { t } = useTranslation('settings');
  const { propertyId } = useSettingsContext();
  const s = useSectionForm('smart-locks');
  const { control, formState, register, watch } = s.form;
  const enabled = watch('enabled');
  const keyType = watch('key_type');
  const [visible, setVisible] = useState(false);
  return (
    <Stack gap="lg">
      <SectionPage section="smart-locks" form={s}>
        <SectionSwitch
          form={s}
          icon={IconLockAccess}
          label={t('locks.enabled')}
          description={t('locks.enabledHint')}
        />
        <Controller
          control={control}
          name="delivery_time"
          render={({ field, fieldState }) => (
            <Select
              label={t('locks.delivery')}
              description={t('locks.deliveryHint')}
              data={smartLockDeliveryTimes.map((value) => ({
                value,
                label: t(`locks.deliveryTimes.${value}`),
              }))}
              value={field.value}
              onChange={(value) => value && field.onChange(value)}
              onBlur={field.onBlur}
              ref={field.ref}
              allowDeselect={false}
              error={fieldState.error?.message}
              leftSection={<IconClockHour4 size={16} aria-hidden />}
              maw={420}
            />
          )}
        />
        <Controller
          control={control}
          name="key_type"
          render={({ field, fieldState }) => (
            <RadioCardGrid
              label={t('locks.keyType')}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
              disabled={s.locked}
              wrapTitle
              options={smartLockKeyTypes.map((option) => ({
                value: option,
                title: t(`locks.keyTypes.${option}.title`),
                text: t(`locks.keyTypes.${option}.text`),
                icon: () =>
                  option === 'dynamic' ? (
                    <IconRefresh size={18} aria-hidden color="var(--mantine-color-posada-7)" />
                  ) : (
                    <IconKey size={18} aria-hidden color="var(--mantine-color-posada-7)" />
                  ),
              }))}
            />
          )}
        />
        <PasswordInput
          label={t('locks.masterCode')}
          description={t(keyType === 'dynamic' ? 'locks.masterCodeDynamicHint' : 'locks.masterCodeHint')}
          withAsterisk={enabled && keyType === 'static'}
          error={formState.errors.master_code?.message}
          visible={visible}
          onVisibilityChange={setVisible}
          visibilityToggleButtonProps={{
            'aria-label': visible ? t('locks.hideCode') : t('locks.showCode'),
          }}
          autoComplete="off"
          spellCheck={false}
          maxLength={20}
          maw={420}
          classNames={{ innerInput: classes.ltrInput }}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.15em' } }}
          {...register('master_code')}
        />
        <Controller
          control={control}
          name="requires_registration"
          render={({ field }) => (
            <SwitchCard
              icon={IconShieldCheck}
              label={t('locks.requiresRegistration')}
              description={t('locks.requiresRegistrationHint')}
              checked={field.value ?? true}
              onChange={field.onChange}
              disabled={s.locked}
            />
          )}
        />
      </SectionPage>
      <LockAccountsPanel propertyId={propertyId} locked={s.locked} />
    </Stack>
  );
}
