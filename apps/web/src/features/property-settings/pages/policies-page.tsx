import { Button, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import type { LocalizedText } from '@posada/contracts/properties';
import { IconBraces, IconTemplate } from '@tabler/icons-react';
import type { i18n as I18n } from 'i18next';
import { useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LocalizedTextTabs, type TextLanguage } from '../../../components/localized-text-tabs.tsx';
import { notify } from '../../../lib/notify.ts';
import { SectionPage } from '../components/section-page.tsx';
import { useSettingsContext } from '../components/settings-context.ts';
import { StayHoursFields } from '../components/stay-hours-fields.tsx';
import { useSectionForm } from '../components/use-section-form.ts';
import { fillNamePlaceholder, hasAnyText, insertPlaceholder, NAME_PLACEHOLDER } from '../lib/policy.ts';

/**
 * spec 9 sample policy in each language (the locale files hold each language's own text). Only the interface
 * language is downloaded up front, so the other two are loaded first.
 */
async function samplePolicies(i18n: I18n): Promise<LocalizedText> {
  const languages: TextLanguage[] = ['es', 'en', 'ar'];
  await i18n.loadLanguages(languages);
  const text = (language: TextLanguage) => i18n.getFixedT(language, 'settings')('policies.sampleText');
  return { es: text('es'), en: text('en'), ar: text('ar') };
}

/**
 * accommodation-policies: the stay's hours (check-in from, check-out by), then the policies in es, en and
 * ar. {alojamiento} stands for the accommodation name (spec 3); the preview shows the text as guests read
 * it. The spec 9 sample policy can be inserted.
 */
export function PoliciesPage() {
  const { t, i18n } = useTranslation(['settings', 'properties']);
  const { settings } = useSettingsContext();
  const s = useSectionForm('accommodation-policies');
  const { control, formState, getValues, setValue } = s.form;
  const [language, setLanguage] = useState<TextLanguage>('es');
  const areas = useRef<Partial<Record<TextLanguage, HTMLTextAreaElement | null>>>({});

  const setPolicies = (policies: LocalizedText) =>
    setValue('policies', policies, { shouldDirty: true, shouldValidate: formState.isSubmitted });

  const insertSample = () => {
    const apply = async () => {
      try {
        setPolicies(await samplePolicies(i18n));
        notify.info(t('policies.sampleInserted'));
      } catch {
        notify.error(t('common:errors.network'));
      }
    };
    if (!hasAnyText(getValues('policies'))) return void apply();
    openConfirmModal({
      title: t('policies.sampleConfirmTitle'),
      centered: true,
      radius: 'lg',
      children: <Text size="sm">{t('policies.sampleConfirmBody')}</Text>,
      labels: { confirm: t('policies.sampleConfirm'), cancel: t('common:actions.cancel') },
      onConfirm: () => void apply(),
    });
  };

  const insertName = () => {
    const area = areas.current[language];
    const current = getValues('policies');
    const { text, caret } = insertPlaceholder(
      current[language],
      area?.selectionStart ?? null,
      area?.selectionEnd ?? null,
    );
    setPolicies({ ...current, [language]: text });
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(caret, caret);
    });
  };

  return (
    <SectionPage section="accommodation-policies" form={s}>
      <StayHoursFields control={control} />
      <Paper radius="md" p="md" bg="var(--mantine-color-posada-0)">
        <Group justify="space-between" gap="sm" wrap="wrap" align="center">
          <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 280px' }}>
            <IconBraces
              size={20}
              aria-hidden
              style={{ flexShrink: 0 }}
              color="var(--mantine-color-posada-7)"
            />
            <Text size="sm">
              {t('policies.placeholderHintBefore')} <Code>{NAME_PLACEHOLDER}</Code>{' '}
              {t('policies.placeholderHintAfter', { name: `\u2068${settings.nombre}\u2069` })}
            </Text>
          </Group>
          <Group gap="xs">
            <Button
              variant="white"
              size="xs"
              onClick={insertName}
              leftSection={<IconBraces size={14} aria-hidden />}
            >
              {t('policies.insertPlaceholder')}
            </Button>
            <Button
              variant="light"
              size="xs"
              onClick={insertSample}
              leftSection={<IconTemplate size={14} aria-hidden />}
            >
              {t('policies.useSample')}
            </Button>
          </Group>
        </Group>
      </Paper>
      <Controller
        control={control}
        name="policies"
        render={({ field, fieldState }) => (
          <LocalizedTextTabs
            value={field.value}
            onChange={(lang, text) => field.onChange({ ...field.value, [lang]: text })}
            onTabChange={setLanguage}
            label={(name) => t('policies.field', { language: name })}
            placeholder={() => t('policies.placeholder')}
            error={fieldState.error?.message}
            minRows={5}
            textareaRef={(lang) => (element: HTMLTextAreaElement | null) => {
              areas.current[lang] = element;
            }}
            below={(lang) => (
              <Stack gap={6} mt="md">
                <Text size="xs" fw={700} tt="uppercase" c="dimmed" id={`policy-preview-${lang}`}>
                  {t('policies.preview')}
                </Text>
                <Paper
                  withBorder
                  radius="md"
                  p="md"
                  bg="var(--mantine-color-gray-0)"
                  aria-labelledby={`policy-preview-${lang}`}
                  data-testid="policy-preview"
                >
                  {field.value[lang].trim() ? (
                    <Text
                      size="sm"
                      dir={lang === 'ar' ? 'rtl' : 'ltr'}
                      lang={lang}
                      style={{ whiteSpace: 'pre-wrap' }}
                    >
                      {fillNamePlaceholder(field.value[lang], settings.nombre)}
                    </Text>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('policies.previewEmpty')}
                    </Text>
                  )}
                </Paper>
              </Stack>
            )}
          />
        )}
      />
    </SectionPage>
  );
}
