import { Text } from '@mantine/core';
import { IconBrandWhatsapp, IconMail, IconMessage2 } from '@tabler/icons-react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SectionPage } from '../components/section-page.tsx';
import { SwitchCard } from '../components/switch-card.tsx';
import { useSectionForm } from '../components/use-section-form.ts';

const channels = [
  { name: 'whatsapp', icon: IconBrandWhatsapp },
  { name: 'email', icon: IconMail },
  { name: 'sms', icon: IconMessage2 },
] as const;

/** notifications: the channels the check-in confirmation is sent through (spec 3). */
export function NotificationsPage() {
  const { t } = useTranslation('settings');
  const s = useSectionForm('notifications');
  const { control, watch } = s.form;
  const values = watch();
  const none = !values.whatsapp && !values.email && !values.sms;
  return (
    <SectionPage section="notifications" form={s}>
      {channels.map((channel) => (
        <Controller
          key={channel.name}
          control={control}
          name={channel.name}
          render={({ field }) => (
            <SwitchCard
              icon={channel.icon}
              label={t(`channels.${channel.name}`)}
              description={t(`channels.${channel.name}Hint`)}
              checked={field.value}
              onChange={field.onChange}
            />
          )}
        />
      ))}
      {none ? (
        <Text size="sm" c="orange.8" role="status">
          {t('channels.none')}
        </Text>
      ) : null}
    </SectionPage>
  );
}
