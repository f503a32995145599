import {
  ActionIcon,
  Badge,
  Button,
  Code,
  Group,
  Paper,
  PasswordInput,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import type { LocalizedText } from '@posada/contracts/properties';
import {
  IconBraces,
  IconBrandWhatsapp,
  IconDice5,
  IconMail,
  IconMessage2,
  IconTemplate,
} from '@tabler/icons-react';
import type { i18n as I18n } from 'i18next';
import { useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LocalizedTextTabs, type TextLanguage } from '../../../components/localized-text-tabs.tsx';
import { countryName } from '../../../lib/countries.ts';
import { notify } from '../../../lib/notify.ts';
import { SectionPage } from '../components/section-page.tsx';
import { useSettingsContext } from '../components/settings-context.ts';
import { SwitchCard } from '../components/switch-card.tsx';
import { useSectionForm } from '../components/use-section-form.ts';
import { fillNamePlaceholder, hasAnyText, insertPlaceholder, NAME_PLACEHOLDER } from '../lib/policy.ts';
import { generateSecurityCode } from '../lib/security-code.ts';

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
 * accommodation-policies: es, en and ar. {alojamiento} stands for the accommodation name (spec 3); the
 * preview shows the text as guests read it. The spec 9 sample policy can be inserted.
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

/** seguridad-property: the code guests type during check-in; can be generated, shown or hidden. */
export function SecurityCodePage() {
  const { t } = useTranslation('settings');
  const s = useSectionForm('seguridad-property');
  const { register, formState, setValue } = s.form;
  const [visible, setVisible] = useState(false);
  const generate = () => {
    setValue('security_code', generateSecurityCode(6), { shouldDirty: true, shouldValidate: true });
    setVisible(true);
  };
  return (
    <SectionPage section="seguridad-property" form={s}>
      <Group align="flex-start" gap="sm" wrap="nowrap" maw={420}>
        <PasswordInput
          style={{ flex: 1 }}
          label={t('security.label')}
          description={t('security.hint')}
          error={formState.errors.security_code?.message}
          visible={visible}
          onVisibilityChange={setVisible}
          visibilityToggleButtonProps={{
            'aria-label': visible ? t('security.hide') : t('security.show'),
          }}
          autoComplete="off"
          spellCheck={false}
          maxLength={12}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.15em' } }}
          {...register('security_code')}
        />
        <Tooltip label={t('security.generate')}>
          <ActionIcon
            variant="light"
            size={36}
            mt={46}
            onClick={generate}
            aria-label={t('security.generate')}
            disabled={s.locked}
          >
            <IconDice5 size={20} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Text size="sm" c="dimmed">
        {t('security.usage')}
      </Text>
    </SectionPage>
  );
}

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

/** Countries we are preparing; only ES is available (spec 9). */
const comingSoon = ['MX', 'CO', 'AR', 'CL', 'PE', 'PT'] as const;

/** region-accommodation: the country whose check-in rules apply. Only Spain for now (spec 9). */
export function RegionPage() {
  const { t, i18n } = useTranslation('settings');
  const language = i18n.resolvedLanguage ?? 'es';
  const s = useSectionForm('region-accommodation');
  const { control } = s.form;
  return (
    <SectionPage section="region-accommodation" form={s}>
      <Controller
        control={control}
        name="region"
        render={({ field, fieldState }) => (
          <Radio.Group
            label={t('region.label')}
            description={t('region.hint')}
            value={field.value || null}
            onChange={(value) => field.onChange(value)}
            error={fieldState.error?.message}
          >
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="sm">
              {(['ES', ...comingSoon] as const).map((code) => {
                const available = code === 'ES';
                return (
                  <Radio.Card
                    key={code}
                    value={code}
                    radius="md"
                    p="md"
                    disabled={!available}
                    aria-label={
                      available
                        ? countryName(code, language)
                        : t('region.soonLabel', { country: countryName(code, language) })
                    }
                    style={available ? undefined : { opacity: 0.6, cursor: 'not-allowed' }}
                  >
                    <Group justify="space-between" wrap="nowrap">
                      <Group gap="sm" wrap="nowrap">
                        <Radio.Indicator size="sm" disabled={!available} />
                        <Stack gap={0}>
                          <Text fw={600} size="sm">
                            {countryName(code, language)}
                          </Text>
                          {available ? (
                            <Text size="xs" c="dimmed">
                              {t('region.esRules')}
                            </Text>
                          ) : null}
                        </Stack>
                      </Group>
                      {!available ? (
                        <Badge size="sm" variant="light" color="gray" tt="none">
                          {t('region.soon')}
                        </Badge>
                      ) : null}
                    </Group>
                  </Radio.Card>
                );
              })}
            </SimpleGrid>
          </Radio.Group>
        )}
      />
    </SectionPage>
  );
}
