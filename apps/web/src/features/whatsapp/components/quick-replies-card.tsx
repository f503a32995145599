import {
  ActionIcon,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { templateVariables } from '@posada/contracts/inbox';
import { type MessageTemplate, type QuickReplyBody, quickReplyBody } from '@posada/contracts/whatsapp';
import { IconMessageBolt, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { EmptyState } from '../../../components/empty-state.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { applyServerErrors, contractResolver } from '../../../components/form-errors.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { notify } from '../../../lib/notify.ts';
import { quickRepliesQuery, useDeleteQuickReply, useSaveQuickReply } from '../api/whatsapp-api.ts';
import { errorText, preview } from '../lib/error-text.ts';

type Values = QuickReplyBody;
const EMPTY: Values = { name: '', body: '', language: 'es' };

function QuickReplyModal({
  editing,
  onClose,
}: {
  editing: MessageTemplate | 'new' | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('whatsapp');
  const save = useSaveQuickReply();
  const [alert, setAlert] = useState<string | null>(null);
  const current = editing && editing !== 'new' ? editing : null;
  const form = useForm<Values, unknown, z.output<typeof quickReplyBody>>({
    resolver: contractResolver(quickReplyBody, (key, params) => i18n.t(key, params)),
    values: current
      ? { name: current.name, body: current.body, language: current.language as 'es' | 'en' | 'ar' }
      : EMPTY,
    mode: 'onTouched',
  });
  const errors = form.formState.errors;
  const close = () => {
    form.reset(EMPTY);
    setAlert(null);
    onClose();
  };
  const onSubmit = form.handleSubmit((values) => {
    setAlert(null);
    save.mutate(
      { id: current?.id, body: values },
      {
        onSuccess: (saved) => {
          notify.success(t(current ? 'quickReplies.updated' : 'quickReplies.created', { name: saved.name }));
          close();
        },
        onError: (error) =>
          setAlert(applyServerErrors(error, form.setError, ['name', 'body', 'language'], t('errors.action'))),
      },
    );
  });
  const insert = (variable: string) =>
    form.setValue('body', `${form.getValues('body')}{{${variable}}}`, { shouldDirty: true });

  return (
    <Modal
      opened={editing !== null}
      onClose={close}
      centered
      size="lg"
      title={t(current ? 'quickReplies.editTitle' : 'quickReplies.newTitle')}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {alert ? <FormAlert>{alert}</FormAlert> : null}
          <TextInput
            label={t('quickReplies.name')}
            description={t('quickReplies.nameHint')}
            data-autofocus
            maxLength={60}
            error={errors.name?.message}
            {...form.register('name')}
          />
          <Controller
            control={form.control}
            name="language"
            render={({ field }) => (
              <Select
                label={t('quickReplies.language')}
                data={(['es', 'en', 'ar'] as const).map((value) => ({
                  value,
                  label: t(`languages.${value}`),
                }))}
                allowDeselect={false}
                value={field.value ?? 'es'}
                onChange={(value) => field.onChange(value ?? 'es')}
                error={errors.language?.message}
              />
            )}
          />
          <Textarea
            label={t('quickReplies.body')}
            autosize
            minRows={4}
            maxLength={1024}
            error={errors.body?.message}
            {...form.register('body')}
          />
          <Stack gap={4}>
            <Text size="xs" c="dimmed">
              {t('quickReplies.variablesHint')}
            </Text>
            <Group gap={6}>
              {templateVariables.map((variable) => (
                <Button key={variable} size="compact-xs" variant="light" onClick={() => insert(variable)}>
                  {t(`variables.${variable}`)}
                </Button>
              ))}
            </Group>
          </Stack>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('quickReplies.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Quick replies: free texts the inbox's composer offers (inside the 24-hour window, or by e-mail). */
export function QuickRepliesCard() {
  const { t } = useTranslation('whatsapp');
  const query = useQuery(quickRepliesQuery());
  const remove = useDeleteQuickReply();
  const [editing, setEditing] = useState<MessageTemplate | 'new' | null>(null);

  const confirmDelete = (reply: MessageTemplate) =>
    modals.openConfirmModal({
      title: t('quickReplies.deleteTitle', { name: reply.name }),
      centered: true,
      children: <Text size="sm">{t('quickReplies.deleteBody')}</Text>,
      labels: { confirm: t('quickReplies.delete'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(reply.id, {
          onSuccess: () => notify.success(t('quickReplies.deleted', { name: reply.name })),
          onError: (error) => notify.error(errorText(error, t('errors.action'))),
        }),
    });

  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="md">
        <Group justify="space-between" gap="sm" align="flex-start">
          <div>
            <Title order={3} fz="h5">
              {t('quickReplies.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('quickReplies.hint')}
            </Text>
          </div>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            {t('quickReplies.new')}
          </Button>
        </Group>
        {query.isPending ? (
          <Stack gap="xs" aria-busy>
            <Skeleton h={44} />
            <Skeleton h={44} />
          </Stack>
        ) : query.isError ? (
          <LoadError
            title={t('errors.load')}
            onRetry={() => void query.refetch()}
            retrying={query.isRefetching}
          />
        ) : query.data.length === 0 ? (
          <EmptyState
            icon={<IconMessageBolt size={28} aria-hidden />}
            title={t('quickReplies.emptyTitle')}
            description={t('quickReplies.emptyText')}
          />
        ) : (
          <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="quick-replies">
            {query.data.map((reply) => (
              <Group
                key={reply.id}
                component="li"
                justify="space-between"
                wrap="nowrap"
                gap="sm"
                py="xs"
                style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
              >
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600}>
                    {reply.name}{' '}
                    <Text span size="xs" c="dimmed">
                      · {reply.language}
                    </Text>
                  </Text>
                  <Text size="sm" c="dimmed" truncate dir="auto">
                    {preview(reply.body)}
                  </Text>
                </Stack>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label={t('quickReplies.edit')}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('quickReplies.editNamed', { name: reply.name })}
                      onClick={() => setEditing(reply)}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('quickReplies.delete')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('quickReplies.deleteNamed', { name: reply.name })}
                      onClick={() => confirmDelete(reply)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
      <QuickReplyModal editing={editing} onClose={() => setEditing(null)} />
    </Paper>
  );
}
