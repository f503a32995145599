import { Group, Paper, SimpleGrid, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconFaceId, IconId, IconLink, IconMessageChatbot, IconStar } from '@tabler/icons-react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SectionPage } from '../components/section-page.tsx';
import { SwitchCard } from '../components/switch-card.tsx';
import { useSectionForm } from '../components/use-section-form.ts';

/** guest-reviews: ask guests for a review after their stay; the review URL is required to enable (spec 5). */
export function GuestReviewsPage() {
  const { t } = useTranslation('settings');
  const s = useSectionForm('guest-reviews');
  const { control, formState, register, watch, trigger } = s.form;
  const enabled = watch('enabled');
  return (
    <SectionPage section="guest-reviews" form={s}>
      <Controller
        control={control}
        name="enabled"
        render={({ field }) => (
          <SwitchCard
            icon={IconStar}
            label={t('reviews.enabled')}
            description={t('reviews.enabledHint')}
            checked={field.value}
            onChange={(value) => {
              field.onChange(value);
              if (formState.errors.review_url) void trigger();
            }}
            disabled={s.locked}
          />
        )}
      />
      <TextInput
        label={t('reviews.url')}
        description={t('reviews.urlHint')}
        placeholder="https://g.page/r/…/review"
        type="url"
        inputMode="url"
        autoComplete="url"
        dir="ltr"
        withAsterisk={enabled}
        leftSection={<IconLink size={16} aria-hidden />}
        error={formState.errors.review_url?.message}
        maxLength={500}
        {...register('review_url')}
      />
    </SectionPage>
  );
}

/** identity-verification: the guest's document is checked and compared with a selfie. */
export function IdentityVerificationPage() {
  const { t } = useTranslation('settings');
  const s = useSectionForm('identity-verification');
  const { control } = s.form;
  const steps = [
    { key: 'document', icon: IconId },
    { key: 'selfie', icon: IconFaceId },
  ] as const;
  return (
    <SectionPage section="identity-verification" form={s}>
      <Controller
        control={control}
        name="enabled"
        render={({ field }) => (
          <SwitchCard
            icon={IconFaceId}
            label={t('identity.enabled')}
            description={t('identity.enabledHint')}
            checked={field.value}
            onChange={field.onChange}
            disabled={s.locked}
          />
        )}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {steps.map((step) => (
          <Paper key={step.key} withBorder radius="md" p="md">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon variant="light" radius="md" size={36}>
                <step.icon size={20} aria-hidden />
              </ThemeIcon>
              <Stack gap={2}>
                <Text fw={600} size="sm">
                  {t(`identity.${step.key}Title`)}
                </Text>
                <Text size="sm" c="dimmed">
                  {t(`identity.${step.key}Text`)}
                </Text>
              </Stack>
            </Group>
          </Paper>
        ))}
      </SimpleGrid>
    </SectionPage>
  );
}

/** page-chat-bot-ia: the property's bot flag (spec 3 botGPT; spec 5 Bot use). */
export function ChatbotPage() {
  const { t } = useTranslation('settings');
  const s = useSectionForm('page-chat-bot-ia');
  const { control } = s.form;
  return (
    <SectionPage section="page-chat-bot-ia" form={s}>
      <Controller
        control={control}
        name="enabled"
        render={({ field }) => (
          <SwitchCard
            icon={IconMessageChatbot}
            label={t('chatbot.enabled')}
            description={t('chatbot.enabledHint')}
            checked={field.value}
            onChange={field.onChange}
            disabled={s.locked}
          />
        )}
      />
      <Text size="sm" c="dimmed">
        {t('chatbot.requirements')}
      </Text>
    </SectionPage>
  );
}
