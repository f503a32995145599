import { Alert, Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import type { CalendarChannelName, ChannelCalendar, SyncResult } from '@posada/contracts/channels';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconArrowRight,
  IconCircleCheck,
  IconPlus,
} from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import shell from '../../../components/shell.module.css';
import { pathTo } from '../../../config/routes.ts';
import { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { channelCalendarsQuery, type Unit, useCreateConnection } from '../api/channels-api.ts';
import { isFeedUrl, isPlanRefusal, looksLikeOtherChannel, syncResultText } from '../lib/channels-lib.ts';
import { CopyUrlField } from './copy-url-field.tsx';
import { GuideSteps } from './guide-steps.tsx';
import { ChannelsPlanPrompt } from './plan-prompt.tsx';

/** Step 2: where the channel's export link is, and the field to paste it (the API's errors under it). */
export function UrlStep({
  channel,
  unit,
  url,
  onUrlChange,
  onBack,
  onConnected,
  disabled,
}: {
  channel: CalendarChannelName;
  unit: Unit;
  url: string;
  onUrlChange: (url: string) => void;
  onBack: () => void;
  onConnected: (connection: ChannelCalendar) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('channels');
  const channelName = t(`names.${channel}`);
  const create = useCreateConnection();
  const [error, setError] = useState<string | null>(null);
  const [planRefused, setPlanRefused] = useState(false);
  const wrongChannel = !error && looksLikeOtherChannel(channel, url);

  const submit = () => {
    const value = url.trim();
    if (!value) return setError(t('ota.url.required'));
    if (!isFeedUrl(value)) return setError(t('ota.url.invalid'));
    setError(null);
    create.mutate(
      { property_id: unit.propertyId, room_id: unit.roomId, channel, url: value },
      {
        onSuccess: onConnected,
        onError: (failure) => {
          if (isPlanRefusal(failure)) {
            setPlanRefused(true);
            notify.error(t('plan.body'), t('plan.title'));
            return;
          }
          const apiError = failure instanceof ApiError ? failure : null;
          const fieldError = apiError?.errors.url?.[0] ?? null;
          // A refusal about the link (400, 409, 422) goes under the field; anything else is a toast too.
          const aboutTheLink = apiError && [400, 409, 422].includes(apiError.status);
          setError(fieldError ?? (aboutTheLink ? apiError.message : t('ota.url.failed')));
          notify.error(fieldError ?? apiError?.message ?? t('ota.url.failed'), t('ota.url.failed'));
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <GuideSteps channel={channel} part="find" title={t('ota.url.where', { channel: channelName })} />
      {planRefused ? <ChannelsPlanPrompt /> : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <TextInput
            label={t('ota.url.label', { channel: channelName })}
            description={
              wrongChannel ? (
                <Text component="span" size="xs" c="orange.8">
                  {t('ota.url.wrongChannel', { channel: channelName })}
                </Text>
              ) : (
                t('ota.url.description')
              )
            }
            placeholder={t('ota.url.placeholder')}
            value={url}
            onChange={(event) => {
              onUrlChange(event.currentTarget.value);
              if (error) setError(null);
            }}
            error={error}
            dir="ltr"
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            required
            data-autofocus
          />
          <Group justify="space-between">
            <Button
              variant="default"
              onClick={onBack}
              leftSection={<IconArrowLeft size={16} aria-hidden className={shell.mirror} />}
            >
              {t('ota.previous')}
            </Button>
            <Button
              type="submit"
              loading={create.isPending}
              disabled={disabled}
              rightSection={<IconArrowRight size={16} aria-hidden className={shell.mirror} />}
            >
              {t('ota.next')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

/** Step 3: our export link for the unit, and where to paste it at the channel. */
export function ExportStep({
  channel,
  connection,
  onNext,
}: {
  channel: CalendarChannelName;
  connection: ChannelCalendar;
  onNext: () => void;
}) {
  const { t } = useTranslation('channels');
  const channelName = t(`names.${channel}`);
  return (
    <Stack gap="md">
      <Text size="sm">{t('ota.export.intro', { channel: channelName })}</Text>
      <CopyUrlField
        label={t('ota.export.label', { channel: channelName })}
        url={connection.export_url}
        description={t('ota.export.noEcho', { channel: channelName })}
      />
      <GuideSteps channel={channel} part="paste" title={t('ota.export.where', { channel: channelName })} />
      <Group justify="flex-end">
        <Button
          onClick={onNext}
          rightSection={<IconArrowRight size={16} aria-hidden className={shell.mirror} />}
        >
          {t('ota.next')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Step 4: the first sync's result (or why the calendar could not be read, in the API's plain words). */
export function DoneStep({
  channel,
  connection,
  sync,
  onAnother,
}: {
  channel: CalendarChannelName;
  connection: ChannelCalendar;
  sync: UseMutationResult<SyncResult, Error, string>;
  onAnother: () => void;
}) {
  const { t } = useTranslation('channels');
  const channelName = t(`names.${channel}`);
  // After a failed first sync the connection's health carries the error in plain words.
  const list = useQuery({ ...channelCalendarsQuery(connection.property_id), enabled: sync.isError });
  const health = list.data?.find((item) => item.id === connection.id)?.health;
  const failure = sync.error instanceof ApiError ? sync.error.message : null;

  let result: React.ReactNode;
  if (sync.isPending || sync.isIdle) {
    result = (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text size="sm">{t('ota.done.syncing', { channel: channelName })}</Text>
      </Group>
    );
  } else if (sync.isSuccess) {
    result = (
      <Alert
        color="green"
        variant="light"
        radius="md"
        icon={<IconCircleCheck size={20} aria-hidden />}
        title={t('ota.done.title', { channel: channelName })}
        data-testid="first-sync"
      >
        <Stack gap={4}>
          <Text size="sm">{t('ota.done.imported', { created: sync.data.created })}</Text>
          <Text size="sm" c="dimmed" data-testid="first-sync-result">
            {syncResultText(t, sync.data)}
          </Text>
          {sync.data.conflicts > 0 ? (
            <Text size="sm" c="red.8" fw={600}>
              {t('sync.conflicts', { count: sync.data.conflicts })}
            </Text>
          ) : null}
        </Stack>
      </Alert>
    );
  } else {
    result = (
      <Alert
        color="orange"
        variant="light"
        radius="md"
        icon={<IconAlertTriangle size={20} aria-hidden />}
        title={t('ota.done.failedTitle')}
        data-testid="first-sync"
        role="alert"
      >
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {health?.last_error ?? failure ?? t('sync.failed')}
          </Text>
          <Text size="sm">{t('ota.done.failedHint', { channel: channelName })}</Text>
        </Stack>
      </Alert>
    );
  }

  return (
    <Stack gap="md">
      {result}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={onAnother}>
          {t('ota.done.another')}
        </Button>
        <Button component={Link} to={pathTo('ChannelConnect')}>
          {t('ota.done.toChannels')}
        </Button>
      </Group>
    </Stack>
  );
}
