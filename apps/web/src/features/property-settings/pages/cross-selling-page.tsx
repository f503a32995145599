import { ActionIcon, Button, Group, Paper, Stack, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import { STORE_MESSAGE_MAX, storeTypes } from '@posada/contracts/property-settings';
import {
  type Icon,
  IconBuildingStore,
  IconExternalLink,
  IconLink,
  IconShoppingBag,
  IconWorldWww,
} from '@tabler/icons-react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RadioCardGrid } from '../../../components/radio-card-grid.tsx';
import { pathTo } from '../../../config/routes.ts';
import { SectionPage } from '../components/section-page.tsx';
import classes from '../components/settings.module.css';
import { useSettingsContext } from '../components/settings-context.ts';
import { SectionSwitch } from '../components/switch-card.tsx';
import { useSectionForm } from '../components/use-section-form.ts';

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
  const { propertyId } = useSettingsContext();
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
          <RadioCardGrid
            label={t('store.type')}
            description={t('store.typeHint')}
            value={field.value}
            onChange={(value) => {
              field.onChange(value);
              revalidate();
            }}
            error={fieldState.error?.message}
            disabled={s.locked}
            options={storeTypes.map((option) => {
              const OptionIcon = storeTypeIcons[option];
              return {
                value: option,
                title: t(`store.types.${option}.title`),
                text: t(`store.types.${option}.text`),
                icon: () => <OptionIcon size={18} aria-hidden color="var(--mantine-color-posada-7)" />,
              };
            })}
          />
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
        <Stack gap="xs" align="flex-start">
          <Text size="sm" c="dimmed">
            {t('store.internalNote')}
          </Text>
          <Group gap="xs">
            <Button component={Link} to={pathTo('Ofertas')} variant="light" size="xs">
              {t('store.manageServices')}
            </Button>
            <Button
              component={Link}
              to={pathTo('upsellingConfig', { id: propertyId })}
              variant="subtle"
              size="xs"
            >
              {t('store.configureOffers')}
            </Button>
          </Group>
        </Stack>
      )}
    </SectionPage>
  );
}
