import { Badge, Stack, Tabs, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ServiceFormValues } from '../lib/service-form-values.ts';

export const textLanguages = ['es', 'en', 'ar'] as const;
export type TextLanguage = (typeof textLanguages)[number];

type Message = { message?: string } | undefined;

/**
 * What the guest reads, one tab per language: Spanish required, English and Arabic optional (the guest
 * falls back to Spanish). Every tab stays mounted, so switching never loses what was typed; Arabic is
 * written right-to-left whatever the interface's direction.
 */
export function ServiceTextTabs({
  form,
  language,
  onLanguage,
}: {
  form: UseFormReturn<ServiceFormValues>;
  language: TextLanguage;
  onLanguage: (language: TextLanguage) => void;
}) {
  const { t, i18n } = useTranslation('experiences');
  // A hint in the interface's language only fits the tab written in that language.
  const hinted = (lang: TextLanguage) => (i18n.resolvedLanguage ?? 'es').startsWith(lang);
  const { errors } = form.formState;
  const titleErrors = errors.title as (Message & Record<TextLanguage, Message>) | undefined;
  const descriptionErrors = errors.description as (Message & Record<TextLanguage, Message>) | undefined;
  // The client's check puts the message on `title`; the API's on `title.es`.
  const errorOf = (field: typeof titleErrors, lang: TextLanguage) =>
    field?.[lang]?.message ?? (lang === 'es' ? field?.message : undefined);
  const title = form.watch('title');
  const description = form.watch('description');
  return (
    <Tabs value={language} onChange={(value) => value && onLanguage(value as TextLanguage)}>
      <Tabs.List>
        {textLanguages.map((lang) => {
          const failed = Boolean(errorOf(titleErrors, lang) || errorOf(descriptionErrors, lang));
          const written = Boolean(title[lang]?.trim() && description[lang]?.trim());
          return (
            <Tabs.Tab
              key={lang}
              value={lang}
              c={failed ? 'red' : undefined}
              rightSection={
                failed ? (
                  <Badge size="xs" color="red" circle aria-label={t('form.textHasErrors')}>
                    !
                  </Badge>
                ) : written ? (
                  <Badge size="xs" variant="light" color="teal" circle aria-label={t('form.textWritten')}>
                    ✓
                  </Badge>
                ) : null
              }
            >
              {t(`languages.${lang}`)}
              {lang === 'es' ? ' *' : ''}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
      {textLanguages.map((lang) => (
        <Tabs.Panel key={lang} value={lang} pt="md">
          <Stack gap="md">
            <TextInput
              label={t('form.titleIn', { language: t(`languages.${lang}`) })}
              description={lang === 'es' ? t('form.titleHint') : t('form.optionalHint')}
              placeholder={hinted(lang) ? t('form.titlePlaceholder') : undefined}
              required={lang === 'es'}
              dir={lang === 'ar' ? 'rtl' : 'ltr'}
              lang={lang}
              maxLength={120}
              error={errorOf(titleErrors, lang)}
              styles={{ input: { textAlign: 'start' } }}
              {...form.register(`title.${lang}`)}
            />
            <Textarea
              label={t('form.descriptionIn', { language: t(`languages.${lang}`) })}
              placeholder={hinted(lang) ? t('form.descriptionPlaceholder') : undefined}
              required={lang === 'es'}
              dir={lang === 'ar' ? 'rtl' : 'ltr'}
              lang={lang}
              autosize
              minRows={4}
              maxRows={12}
              maxLength={2000}
              error={errorOf(descriptionErrors, lang)}
              styles={{ input: { textAlign: 'start' } }}
              {...form.register(`description.${lang}`)}
            />
          </Stack>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
