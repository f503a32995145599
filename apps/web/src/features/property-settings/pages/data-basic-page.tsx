import { Alert, Text } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { IconAlertTriangle, IconDoorEnter } from '@tabler/icons-react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SectionPage } from '../components/section-page.tsx';
import { SwitchCard } from '../components/switch-card.tsx';
import { useSectionForm } from '../components/use-section-form.ts';

/**
 * data-basic-accommodation: the active or disabled switch (spec 4: disabled blocks check-ins, and
 * guests are told the owner disabled them). Disabling asks for confirmation.
 */
export function DataBasicPage() {
  const { t } = useTranslation('settings');
  const s = useSectionForm('data-basic-accommodation', {
    beforeSave: (values, save) => {
      const wasActive = s.form.formState.defaultValues?.active !== false;
      if (values.active || !wasActive) return save();
      openConfirmModal({
        title: t('dataBasic.confirmTitle'),
        centered: true,
        radius: 'lg',
        children: <Text size="sm">{t('dataBasic.confirmBody')}</Text>,
        labels: { confirm: t('dataBasic.confirm'), cancel: t('common:actions.cancel') },
        confirmProps: { color: 'red' },
        onConfirm: save,
      });
    },
  });
  const { control, watch } = s.form;
  const active = watch('active');
  return (
    <SectionPage section="data-basic-accommodation" form={s}>
      <Controller
        control={control}
        name="active"
        render={({ field }) => (
          <SwitchCard
            icon={IconDoorEnter}
            label={t('dataBasic.label')}
            description={active ? t('dataBasic.onHint') : t('dataBasic.offHint')}
            checked={field.value}
            onChange={field.onChange}
          />
        )}
      />
      {!active ? (
        <Alert color="orange" variant="light" radius="md" icon={<IconAlertTriangle size={18} aria-hidden />}>
          <Text size="sm">{t('dataBasic.guestMessageIntro')}</Text>
          <Text size="sm" fw={600} mt={4}>
            «{t('dataBasic.guestMessage')}»
          </Text>
        </Alert>
      ) : null}
    </SectionPage>
  );
}
