import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  PasswordInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import {
  STORE_MESSAGE_MAX,
  smartLockDeliveryTimes,
  smartLockKeyTypes,
  storeTypes,
} from '@posada/contracts/property-settings';
import {
  type Icon,
  IconBuildingStore,
  IconClockHour4,
  IconExternalLink,
  IconFaceId,
  IconId,
  IconKey,
  IconLink,
  IconLockAccess,
  IconMessageChatbot,
  IconRefresh,
  IconShoppingBag,
  IconStar,
  IconWorldWww,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SectionPage } from '../components/section-page.tsx';
import classes from '../components/settings.module.css';
import { SectionSwitch } from '../components/switch-card.tsx';
import { useSectionForm } from '../components/use-section-form.ts';

/** guest-reviews: ask guests for a review after their stay; the review URL is required to enable (spec 5). */
export function GuestReviewsPage() {
  const { t } = useTranslation('settings');
  const s = useSectionForm('guest-reviews');
  const { formState, register, watch } = s.form;
  const enabled = watch('enabled');
  return (
    <SectionPage section="guest-reviews" form={s}>
      <SectionSwitch
        form={s}
        icon={IconStar}
        label={t('reviews.enabled')}
        description={t('reviews.enabledHint')}
      />
      <TextInput
        label={t('reviews.url')}
        description={t('reviews.urlHint')}
        placeholder="https://g.page/r/…/review"
        type="url"
        inputMode="url"
        autoComplete="url"
        classNames={{ input: classes.ltrInput }}
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
  const steps = [
    { key: 'document', icon: IconId },
    { key: 'selfie', icon: IconFaceId },
  ] as const;
  return (
    <SectionPage section="identity-verification" form={s}>
      <SectionSwitch
        form={s}
        icon={IconFaceId}
        label={t('identity.enabled')}
        description={t('identity.enabledHint')}
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
  return (
    <SectionPage section="page-chat-bot-ia" form={s}>
      <SectionSwitch
        form={s}
        icon={IconMessageChatbot}
        label={t('chatbot.enabled')}
        description={t('chatbot.enabledHint')}
      />
      <Text size="sm" c="dimmed">
        {t('chatbot.requirements')}
      </Text>
    </SectionPage>
  );
}

/** The contract's rule for the store link (an http or https address). */
const STORE_URL = /^https?:\/\/\S+$/;

const storeTypeIcons: Record<(typeof storeTypes)[number], Icon> = {
  internal: IconBuildingStore,
  external: IconWorldWww,
};

/**
 * cross-selling-property: the experience store (spec 3). Internal: the services and experiences made in
 * Experiences. External: a message (at most 200 characters) and a link to the operator's own store;
 * the link is required to switch an external store on. Gated (cross_selling), not a paid extra.
 */
export function CrossSellingPage() {
  const { t } = useTranslation('settings');
  const s = useSectionForm('cross-selling-property');
  const { control, formState, register, watch, trigger } = s.form;
  const [enabled, type, message, url] = watch(['enabled', 'type', 'external_message', 'external_url']);
  const external = type === 'external';
  const revalidate = () => {
    if (formState.errors.external_url) void trigger();
  };
  return (
    <SectionPage section="cross-selling-property" form={s}>
      <SectionSwitch
        form={s}
        icon={IconShoppingBag}
        label={t('store.enabled')}
        description={t('store.enabledHint')}
      />
      <Controller
        control={control}
        name="type"
        render={({ field, fieldState }) => (
          <Radio.Group
            label={t('store.type')}
            description={t('store.typeHint')}
            value={field.value}
            onChange={(value) => {
              field.onChange(value);
              revalidate();
            }}
            error={fieldState.error?.message}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="sm">
              {storeTypes.map((option) => {
                const OptionIcon = storeTypeIcons[option];
                const checked = field.value === option;
                return (
                  <Radio.Card
                    key={option}
                    value={option}
                    radius="md"
                    p="md"
                    disabled={s.locked}
                    aria-label={t(`store.types.${option}.title`)}
                    bg={checked ? 'var(--mantine-color-posada-0)' : undefined}
                    style={{ borderColor: checked ? 'var(--mantine-color-posada-5)' : undefined }}
                  >
                    <Group wrap="nowrap" align="flex-start" gap="sm">
                      <Radio.Indicator size="sm" mt={2} />
                      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                        <Group gap={8} wrap="nowrap">
                          <OptionIcon size={18} aria-hidden color="var(--mantine-color-posada-7)" />
                          <Text fw={600} size="sm">
                            {t(`store.types.${option}.title`)}
                          </Text>
                        </Group>
                        <Text size="sm" c="dimmed">
                          {t(`store.types.${option}.text`)}
                        </Text>
                      </Stack>
                    </Group>
                  </Radio.Card>
                );
              })}
            </SimpleGrid>
          </Radio.Group>
        )}
      />
      {external ? (
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <Stack gap={4}>
              <Textarea
                label={t('store.message')}
                description={t('store.messageHint')}
                placeholder={t('store.messagePlaceholder')}
                autosize
                minRows={3}
                maxLength={STORE_MESSAGE_MAX}
                dir="auto"
                error={formState.errors.external_message?.message}
                aria-describedby="store-message-count"
                {...register('external_message')}
              />
              <Text
                id="store-message-count"
                size="xs"
                ta="end"
                c={message.length >= STORE_MESSAGE_MAX ? 'orange.8' : 'dimmed'}
                aria-live="polite"
                data-testid="store-message-count"
              >
                <bdi dir="ltr">{`${message.length}/${STORE_MESSAGE_MAX}`}</bdi>
              </Text>
            </Stack>
            <TextInput
              label={t('store.url')}
              description={t('store.urlHint')}
              placeholder="https://"
              type="url"
              inputMode="url"
              autoComplete="url"
              classNames={{ input: classes.ltrInput }}
              withAsterisk={enabled}
              leftSection={<IconLink size={16} aria-hidden />}
              rightSection={
                STORE_URL.test(url.trim()) ? (
                  <Tooltip label={t('store.openUrl')}>
                    <ActionIcon
                      component="a"
                      href={url.trim()}
                      target="_blank"
                      rel="noopener noreferrer"
                      variant="subtle"
                      aria-label={t('store.openUrl')}
                    >
                      <IconExternalLink size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                ) : null
              }
              error={formState.errors.external_url?.message}
              maxLength={500}
              {...register('external_url')}
            />
            <Stack gap={6}>
              <Text size="xs" fw={700} tt="uppercase" c="dimmed" id="store-preview">
                {t('store.preview')}
              </Text>
              <Paper radius="md" p="md" bg="var(--mantine-color-gray-0)" aria-labelledby="store-preview">
                <Stack gap="sm" align="flex-start">
                  <Text
                    size="sm"
                    dir="auto"
                    style={{ whiteSpace: 'pre-wrap' }}
                    c={message.trim() ? undefined : 'dimmed'}
                  >
                    {message.trim() || t('store.previewEmpty')}
                  </Text>
                  <Button
                    size="xs"
                    variant="light"
                    component="span"
                    rightSection={<IconExternalLink size={14} aria-hidden />}
                  >
                    {t('store.previewButton')}
                  </Button>
                </Stack>
              </Paper>
            </Stack>
          </Stack>
        </Paper>
      ) : (
        <Text size="sm" c="dimmed">
          {t('store.internalNote')}
        </Text>
      )}
    </SectionPage>
  );
}

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
          <Radio.Group
            label={t('locks.keyType')}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="sm">
              {smartLockKeyTypes.map((option) => {
                const soon = option === 'dynamic';
                const checked = field.value === option;
                return (
                  <Radio.Card
                    key={option}
                    value={option}
                    radius="md"
                    p="md"
                    disabled={soon || s.locked}
                    aria-label={
                      soon
                        ? t('locks.soonLabel', { type: t('locks.keyTypes.dynamic.title') })
                        : t(`locks.keyTypes.${option}.title`)
                    }
                    bg={checked ? 'var(--mantine-color-posada-0)' : undefined}
                    style={{
                      borderColor: checked ? 'var(--mantine-color-posada-5)' : undefined,
                      ...(soon ? { opacity: 0.6, cursor: 'not-allowed' } : {}),
                    }}
                  >
                    <Group wrap="nowrap" align="flex-start" gap="sm">
                      <Radio.Indicator size="sm" mt={2} disabled={soon} />
                      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                        <Group gap={8} wrap="wrap" style={{ rowGap: 4 }}>
                          {soon ? (
                            <IconRefresh size={18} aria-hidden color="var(--mantine-color-gray-6)" />
                          ) : (
                            <IconKey size={18} aria-hidden color="var(--mantine-color-posada-7)" />
                          )}
                          <Text fw={600} size="sm">
                            {t(`locks.keyTypes.${option}.title`)}
                          </Text>
                          {soon ? (
                            <Badge size="sm" variant="light" color="gray" tt="none">
                              {t('locks.soon')}
                            </Badge>
                          ) : null}
                        </Group>
                        <Text size="sm" c="dimmed">
                          {t(`locks.keyTypes.${option}.text`)}
                        </Text>
                      </Stack>
                    </Group>
                  </Radio.Card>
                );
              })}
            </SimpleGrid>
          </Radio.Group>
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
