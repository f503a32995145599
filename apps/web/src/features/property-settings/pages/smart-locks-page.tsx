import { Badge, PasswordInput, Select } from '@mantine/core';
import { smartLockDeliveryTimes, smartLockKeyTypes } from '@posada/contracts/property-settings';
import { IconClockHour4, IconKey, IconLockAccess, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RadioCardGrid } from '../../../components/radio-card-grid.tsx';
import { SectionPage } from '../components/section-page.tsx';
import classes from '../components/settings.module.css';
import { SectionSwitch } from '../components/switch-card.tsx';
import { useSectionForm } from '../components/use-section-form.ts';

/**
 * smart-locks (spec 3 Smart lock): whether guests get their access code, when, the key type (dynamic is
 * coming soon) and the master code (spec 5: an empty key gives 'Por favor ingrese una clave de acceso').
 * Gated (smart_locks), a paid extra.
 */
export function SmartLocksPage() {
  const { t } = useTranslation('settings');
  const s = useSectionForm('smart-locks');
  const { control, formState, register, watch } = s.form;
  const enabled = watch('enabled');
  const [visible, setVisible] = useState(false);
  return (
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
            options={smartLockKeyTypes.map((option) => {
              const soon = option === 'dynamic';
              return {
                value: option,
                title: t(`locks.keyTypes.${option}.title`),
                text: t(`locks.keyTypes.${option}.text`),
                unavailable: soon,
                ...(soon
                  ? {
                      ariaLabel: t('locks.soonLabel', { type: t('locks.keyTypes.dynamic.title') }),
                      icon: () => <IconRefresh size={18} aria-hidden color="var(--mantine-color-gray-6)" />,
                      badge: (
                        <Badge size="sm" variant="light" color="gray" tt="none">
                          {t('locks.soon')}
                        </Badge>
                      ),
                    }
                  : {
                      icon: () => <IconKey size={18} aria-hidden color="var(--mantine-color-posada-7)" />,
                    }),
              };
            })}
          />
        )}
      />
      <PasswordInput
        label={t('locks.masterCode')}
        description={t('locks.masterCodeHint')}
        withAsterisk={enabled}
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
    </SectionPage>
  );
}
