import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { type CheckinSendSchedule, checkinSendSchedules } from '@posada/contracts/property-settings';
import { type Icon, IconCalendarEvent, IconHandClick, IconMoonStars, IconSunrise } from '@tabler/icons-react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RadioCardGrid } from '../../../components/radio-card-grid.tsx';
import { SectionPage } from '../components/section-page.tsx';
import { useSectionForm } from '../components/use-section-form.ts';

const scheduleIcons: Record<CheckinSendSchedule, Icon> = {
  same_day: IconSunrise,
  '24h': IconMoonStars,
  '48h': IconMoonStars,
  '72h': IconMoonStars,
  disabled: IconHandClick,
};

/**
 * checkin-programming (spec 3 Check-in send schedule, spec 4 Check-in link schedule): when guests get
 * their check-in link. Same day at 6 AM; 24 hours before at 10 PM the night before; 48 or 72 hours
 * before at 10 PM on that earlier day; or disabled (sent by hand). Changing it asks for confirmation.
 * Gated (auto_checkin_messaging).
 */
export function CheckinProgrammingPage() {
  const { t } = useTranslation(['settings', 'common']);
  const s = useSectionForm('checkin-programming', {
    beforeSave: (values, save) => {
      if (values.schedule === s.form.formState.defaultValues?.schedule) return save();
      openConfirmModal({
        title: t('schedule.confirmTitle'),
        centered: true,
        radius: 'lg',
        children: (
          <Stack gap="xs">
            <Text size="sm">
              {values.schedule === 'disabled'
                ? t('schedule.confirmBodyDisabled')
                : t('schedule.confirmBody', { when: t(`schedule.options.${values.schedule}.when`) })}
            </Text>
            <Text size="sm" c="dimmed">
              {t('schedule.confirmNote')}
            </Text>
          </Stack>
        ),
        labels: { confirm: t('schedule.confirm'), cancel: t('common:actions.cancel') },
        onConfirm: save,
      });
    },
  });
  const { control } = s.form;
  return (
    <SectionPage section="checkin-programming" form={s}>
      <Controller
        control={control}
        name="schedule"
        render={({ field, fieldState }) => (
          <RadioCardGrid
            layout="list"
            label={t('schedule.label')}
            description={t('schedule.hint')}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
            disabled={s.locked}
            options={checkinSendSchedules.map((option) => {
              const OptionIcon = scheduleIcons[option];
              return {
                value: option,
                title: t(`schedule.options.${option}.title`),
                text: t(`schedule.options.${option}.text`),
                icon: (checked: boolean) => (
                  <ThemeIcon
                    size={36}
                    radius="md"
                    variant={checked ? 'filled' : 'light'}
                    color={option === 'disabled' ? 'gray' : 'posada'}
                  >
                    <OptionIcon size={20} stroke={1.6} aria-hidden />
                  </ThemeIcon>
                ),
              };
            })}
          />
        )}
      />
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <IconCalendarEvent
          size={16}
          aria-hidden
          color="var(--mantine-color-gray-6)"
          style={{ flexShrink: 0, marginTop: 2 }}
        />
        <Text size="xs" c="dimmed">
          {t('schedule.note')}
        </Text>
      </Group>
    </SectionPage>
  );
}
