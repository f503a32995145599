import { Paper, PasswordInput, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { TimePicker } from '@mantine/dates';
import type { Currency } from '@posada/contracts/properties';
import { type BotAction, botActions } from '@posada/domain/concierge';
import { IconClock } from '@tabler/icons-react';
import { type Control, Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LocalizedTextTabs } from '../../../components/localized-text-tabs.tsx';
import { MoneyInput } from '../../../components/money-input.tsx';
import type { BotSettingsValues } from '../api/bot-settings-api.ts';

type Extra = {
  time: 'late_checkout_until' | 'early_checkin_from';
  price: 'late_checkout_price' | 'early_checkin_price';
};
const extras: Partial<Record<BotAction, Extra>> = {
  late_checkout: { time: 'late_checkout_until', price: 'late_checkout_price' },
  early_checkin: { time: 'early_checkin_from', price: 'early_checkin_price' },
};

function TimeAndPrice({
  control,
  extra,
  currency,
  timeLabel,
  priceLabel,
}: {
  control: Control<BotSettingsValues>;
  extra: Extra;
  currency: Currency;
  timeLabel: string;
  priceLabel: string;
}) {
  const { t } = useTranslation('settings');
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" maw={520} mt="xs">
      <Controller
        control={control}
        name={extra.time}
        render={({ field, fieldState }) => (
          <TimePicker
            label={timeLabel}
            format="24h"
            withDropdown
            minutesStep={15}
            leftSection={<IconClock size={16} aria-hidden />}
            hoursInputLabel={t('policies.hoursInput', { field: timeLabel })}
            minutesInputLabel={t('policies.minutesInput', { field: timeLabel })}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            data-testid={`${extra.time}-field`}
          />
        )}
      />
      <Controller
        control={control}
        name={extra.price}
        render={({ field, fieldState }) => (
          <MoneyInput
            label={priceLabel}
            currency={currency}
            value={field.value}
            onChange={(minor) => field.onChange(minor ?? 0)}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            data-testid={`${extra.price}-field`}
          />
        )}
      />
    </SimpleGrid>
  );
}

/** What the bot may do on its own (issue 19, 3): one switch per action with what it means. */
export function BotPolicyFields({
  form,
  currency,
}: {
  form: UseFormReturn<BotSettingsValues>;
  currency: Currency;
}) {
  const { t } = useTranslation('concierge');
  return (
    <Stack gap="sm">
      <div>
        <Title order={2} fz="h4">
          {t('settings.policyTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('settings.policyHint')}
        </Text>
      </div>
      <Controller
        control={form.control}
        name="allowed_actions"
        render={({ field }) => (
          <Stack gap="xs" data-testid="bot-policy">
            {botActions.map((action) => {
              const on = field.value.includes(action);
              const extra = extras[action];
              return (
                <Paper
                  key={action}
                  withBorder
                  radius="md"
                  p="sm"
                  bg={on ? 'var(--mantine-color-posada-0)' : undefined}
                >
                  <Switch
                    checked={on}
                    onChange={(event) =>
                      field.onChange(
                        event.currentTarget.checked
                          ? botActions.filter((a) => a === action || field.value.includes(a))
                          : field.value.filter((a) => a !== action),
                      )
                    }
                    label={t(`actions.${action}.label`)}
                    description={t(`actions.${action}.hint`)}
                    data-testid={`bot-action-${action}`}
                    styles={{ label: { fontWeight: 600 } }}
                  />
                  {extra && on ? (
                    <TimeAndPrice
                      control={form.control}
                      extra={extra}
                      currency={currency}
                      timeLabel={t(action === 'late_checkout' ? 'settings.lateUntil' : 'settings.earlyFrom')}
                      priceLabel={t(
                        action === 'late_checkout' ? 'settings.latePrice' : 'settings.earlyPrice',
                      )}
                    />
                  ) : null}
                </Paper>
              );
            })}
          </Stack>
        )}
      />
    </Stack>
  );
}

/** The facts the bot may share only when allowed: the Wi-Fi, and the access instructions per language. */
export function BotFactsFields({ form }: { form: UseFormReturn<BotSettingsValues> }) {
  const { t } = useTranslation('concierge');
  const { register, control, formState } = form;
  return (
    <Stack gap="sm">
      <div>
        <Title order={2} fz="h4">
          {t('settings.factsTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('settings.factsHint')}
        </Text>
      </div>
      <Paper withBorder radius="md" p="sm">
        <Stack gap="sm">
          <Controller
            control={control}
            name="share_wifi"
            render={({ field }) => (
              <Switch
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                label={t('settings.shareWifi')}
                description={t('settings.shareWifiHint')}
                styles={{ label: { fontWeight: 600 } }}
                data-testid="bot-share-wifi"
              />
            )}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" maw={560}>
            <TextInput
              label={t('settings.wifiName')}
              {...register('wifi_name')}
              maxLength={64}
              error={formState.errors.wifi_name?.message}
              dir="auto"
            />
            <PasswordInput
              label={t('settings.wifiPassword')}
              {...register('wifi_password')}
              maxLength={64}
              error={formState.errors.wifi_password?.message}
            />
          </SimpleGrid>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="sm">
        <Stack gap="sm">
          <Controller
            control={control}
            name="share_access"
            render={({ field }) => (
              <Switch
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                label={t('settings.shareAccess')}
                description={t('settings.shareAccessHint')}
                styles={{ label: { fontWeight: 600 } }}
                data-testid="bot-share-access"
              />
            )}
          />
          <Controller
            control={control}
            name="access_instructions"
            render={({ field, fieldState }) => (
              <LocalizedTextTabs
                value={field.value}
                onChange={(language, text) => field.onChange({ ...field.value, [language]: text })}
                label={(languageName) => t('settings.access', { language: languageName })}
                minRows={3}
                maxLength={1000}
                error={fieldState.error?.message}
              />
            )}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
