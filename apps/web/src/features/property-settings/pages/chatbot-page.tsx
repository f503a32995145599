import { Button, Divider, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { botSettingsBody } from '@posada/contracts/concierge';
import type { Currency } from '@posada/contracts/properties';
import { IconMessageChatbot, IconMessageQuestion } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { applyServerErrors, contractResolver } from '../../../components/form-errors.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { pathTo } from '../../../config/routes.ts';
import { notify } from '../../../lib/notify.ts';
import {
  type BotSettingsValues,
  botSettingsQuery,
  botSettingsValues,
  botStatusQuery,
  useSaveBotSettings,
} from '../api/bot-settings-api.ts';
import { BotFactsFields, BotPolicyFields } from '../components/bot-policy-fields.tsx';
import { SectionPage } from '../components/section-page.tsx';
import { useSettingsContext } from '../components/settings-context.ts';
import { SectionSwitch } from '../components/switch-card.tsx';
import { type SectionForm, useSectionForm } from '../components/use-section-form.ts';

const POLICY_FIELDS = [
  'allowed_actions',
  'wifi_name',
  'wifi_password',
  'share_wifi',
  'access_instructions',
  'share_access',
  'late_checkout_until',
  'late_checkout_price',
  'early_checkin_from',
  'early_checkin_price',
] as const;

/**
 * page-chat-bot-ia: the property's bot flag (spec 3 botGPT; spec 5 Bot use), what the bot may do on its
 * own (issue 19, 3: the policy, PUT concierge settings), the facts it may share, the engine in use and the
 * way to the questions-and-answers editor. One Save saves what changed of both.
 */
export function ChatbotPage() {
  const { t } = useTranslation('settings');
  const { t: tc, i18n } = useTranslation('concierge');
  const { propertyId } = useSettingsContext();
  const s = useSectionForm('page-chat-bot-ia');
  const settings = useQuery(botSettingsQuery(propertyId));
  const status = useQuery(botStatusQuery(propertyId));
  const saveBot = useSaveBotSettings(propertyId);
  const policy = useForm<BotSettingsValues>({
    resolver: contractResolver(botSettingsBody, (key, params) =>
      i18n.t(key, params),
    ) as unknown as Resolver<BotSettingsValues>,
    defaultValues: settings.data ? botSettingsValues(settings.data) : undefined,
    mode: 'onTouched',
  });
  const loaded = settings.data;
  // The form starts from what the server stored, once it has answered (its fields show from then on).
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!loaded || policy.formState.isDirty) return;
    policy.reset(botSettingsValues(loaded));
    setReady(true);
  }, [loaded, policy]);

  const policyDirty = policy.formState.isDirty;
  const flagDirty = s.form.formState.isDirty;
  const submit = async (event?: React.BaseSyntheticEvent) => {
    event?.preventDefault();
    if (!settings.data || !ready) return s.submit();
    const valid = await policy.trigger();
    if (!valid) {
      notify.error(t('form.fixFields'), tc('settings.saveFailed'));
      return;
    }
    if (flagDirty || !policyDirty) await s.submit();
    if (!policyDirty) return;
    const values = botSettingsBody.parse(policy.getValues());
    saveBot.mutate(values, {
      onSuccess: (saved) => {
        policy.reset(botSettingsValues(saved));
        notify.success(tc('settings.saved'));
      },
      onError: (error) => {
        const message = applyServerErrors(
          error,
          policy.setError,
          [...POLICY_FIELDS],
          tc('settings.saveFailed'),
        );
        notify.error(message ?? t('form.fixFields'), tc('settings.saveFailed'));
      },
    });
  };
  // SectionPage shows the unsaved mark and the Save button for both forms.
  const form: SectionForm<'page-chat-bot-ia'> = {
    ...s,
    form: {
      ...s.form,
      formState: { ...s.form.formState, isDirty: flagDirty || policyDirty },
    } as typeof s.form,
    submit,
    saving: s.saving || saveBot.isPending,
  };

  let policyBody: React.ReactNode;
  if (settings.isPending || (settings.data && !ready))
    policyBody = (
      <Stack gap="sm" aria-hidden data-testid="bot-settings-skeleton">
        {['a', 'b', 'c', 'd'].map((key) => (
          <Skeleton key={key} h={56} radius="md" />
        ))}
      </Stack>
    );
  else if (settings.isError)
    policyBody = (
      <LoadError
        title={tc('settings.loadError')}
        onRetry={() => void settings.refetch()}
        retrying={settings.isRefetching}
      />
    );
  else
    policyBody = (
      <>
        <BotPolicyFields form={policy} currency={(settings.data.currency as Currency) ?? 'EUR'} />
        <Divider />
        <BotFactsFields form={policy} />
      </>
    );

  return (
    <SectionPage section="page-chat-bot-ia" form={form}>
      <SectionSwitch
        form={s}
        icon={IconMessageChatbot}
        label={t('chatbot.enabled')}
        description={t('chatbot.enabledHint')}
      />
      <Text size="sm" c="dimmed">
        {t('chatbot.requirements')}
      </Text>
      <Paper withBorder radius="md" p="md" bg="var(--mantine-color-gray-0)">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Stack gap={4} style={{ flex: '1 1 260px', minWidth: 0 }}>
            <Title order={2} fz="h5">
              {tc('settings.engineTitle')}
            </Title>
            {status.data ? (
              <Text size="sm" c="dimmed" data-testid="bot-engine">
                {tc(`settings.engine.${status.data.engine}`)}
              </Text>
            ) : (
              <Skeleton h={12} w="70%" />
            )}
            <Text size="sm">{tc('settings.editorHint')}</Text>
          </Stack>
          <Button
            component={Link}
            to={pathTo('manageChatBot', undefined, { property_id: propertyId })}
            variant="light"
            leftSection={<IconMessageQuestion size={18} aria-hidden />}
            // The label wraps on a phone rather than being cut.
            h="auto"
            py={8}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }}
          >
            {tc('settings.openEditor')}
          </Button>
        </Group>
      </Paper>
      <Divider />
      {policyBody}
    </SectionPage>
  );
}
