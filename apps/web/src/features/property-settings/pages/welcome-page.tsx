import { Text } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LocalizedTextTabs } from '../../../components/localized-text-tabs.tsx';
import { SectionPage } from '../components/section-page.tsx';
import { useSectionForm } from '../components/use-section-form.ts';

/** welcome-accommodation: the message guests read when they open their check-in, in es, en and ar. */
export function WelcomePage() {
  const { t } = useTranslation(['settings', 'properties']);
  const s = useSectionForm('welcome-accommodation');
  const { control } = s.form;
  return (
    <SectionPage section="welcome-accommodation" form={s}>
      <Controller
        control={control}
        name="welcome"
        render={({ field, fieldState }) => (
          <LocalizedTextTabs
            value={field.value}
            onChange={(lang, text) => field.onChange({ ...field.value, [lang]: text })}
            label={(name) => t('welcome.field', { language: name })}
            placeholder={() => t('welcome.placeholder')}
            error={fieldState.error?.message}
            minRows={4}
            maxLength={2000}
          />
        )}
      />
      <Text size="sm" c="dimmed">
        {t('welcome.hint')}
      </Text>
    </SectionPage>
  );
}
