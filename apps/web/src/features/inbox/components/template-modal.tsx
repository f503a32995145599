import { Alert, Badge, Button, Group, Modal, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ComposerTemplate } from '@posada/contracts/inbox-requests';
import { IconAlertTriangle, IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import shell from '../../../components/shell.module.css';
import { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { templatesQuery, usePreview, useSendMessage } from '../api/inbox-api.ts';
import { useSentToast } from '../hooks/use-sent-toast.ts';

/**
 * Choose a template (or quick reply), fill its numbered values, read exactly what the guest will get (the
 * API renders the variables from the booking) and send. With the window closed only approved WhatsApp
 * templates are offered.
 */
export function TemplateModal({
  opened,
  onClose,
  threadId,
  onlyApproved,
}: {
  opened: boolean;
  onClose: () => void;
  threadId: string;
  onlyApproved: boolean;
}) {
  const { t } = useTranslation('inbox');
  const sentToast = useSentToast();
  const templates = useQuery({ ...templatesQuery(), enabled: opened });
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [params, setParams] = useState<string[]>([]);
  const [debouncedParams] = useDebouncedValue(params, 300);
  const preview = usePreview(threadId);
  const send = useSendMessage(threadId);
  const { mutate: runPreview } = preview;

  const options = (templates.data ?? []).filter((tpl) => !onlyApproved || tpl.kind === 'whatsapp');
  const chosen: ComposerTemplate | undefined = options.find((tpl) => tpl.id === templateId);

  useEffect(() => {
    if (opened && templateId) runPreview({ template_id: templateId, params: debouncedParams });
  }, [opened, templateId, debouncedParams, runPreview]);
  useEffect(() => {
    if (!opened) {
      setTemplateId(null);
      setParams([]);
      preview.reset();
    }
  }, [opened, preview.reset]);

  const placeholders = preview.data?.placeholders ?? 0;
  const missing = preview.data?.missing ?? [];
  const unfilled = Array.from({ length: placeholders }, (_, i) => !params[i]?.trim()).some(Boolean);
  const ready = !!chosen && !!preview.data && missing.length === 0 && !unfilled;

  const submit = () => {
    if (!chosen) return;
    send.mutate(
      { template_id: chosen.id, params: params.slice(0, placeholders) },
      {
        onSuccess: (message) => {
          sentToast(message);
          onClose();
        },
        onError: (error) => notify.error(error instanceof ApiError ? error.message : t('composer.failed')),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('templates.title')} size="lg" centered>
      <Stack gap="md">
        {onlyApproved ? (
          <Text size="sm" c="dimmed">
            {t('templates.onlyApproved')}
          </Text>
        ) : null}
        {templates.isSuccess && options.length === 0 ? (
          <Alert
            color="yellow"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title={t('templates.noneTitle')}
          >
            {onlyApproved ? t('templates.noneApproved') : t('templates.none')}
          </Alert>
        ) : (
          <Select
            label={t('templates.choose')}
            placeholder={t('templates.choosePlaceholder')}
            data={[
              {
                group: t('templates.whatsapp'),
                items: options
                  .filter((o) => o.kind === 'whatsapp')
                  .map((o) => ({ value: o.id, label: `${o.name} (${o.language})` })),
              },
              {
                group: t('templates.quickReplies'),
                items: options
                  .filter((o) => o.kind === 'quick_reply')
                  .map((o) => ({ value: o.id, label: o.name })),
              },
            ].filter((g) => g.items.length > 0)}
            value={templateId}
            onChange={(v) => {
              setTemplateId(v);
              setParams([]);
            }}
            searchable
            disabled={templates.isPending}
            data-testid="inbox-template-select"
          />
        )}
        {chosen && placeholders > 0 ? (
          <Stack gap="xs">
            {Array.from({ length: placeholders }, (_, i) => i).map((i) => (
              <TextInput
                key={`param-${i}`}
                label={t('templates.value', { n: i + 1 })}
                value={params[i] ?? ''}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setParams((p) => {
                    const next = [...p];
                    next[i] = value;
                    return next;
                  });
                }}
                required
              />
            ))}
          </Stack>
        ) : null}
        {chosen ? (
          <Stack gap={6}>
            <Group gap="xs">
              <Text size="sm" fw={600}>
                {t('templates.preview')}
              </Text>
              <Badge variant="light" size="sm">
                {chosen.kind === 'whatsapp' ? t('templates.approvedBadge') : t('templates.quickReplyBadge')}
              </Badge>
            </Group>
            <Paper withBorder p="sm" radius="md" bg="teal.0" data-testid="inbox-template-preview">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {preview.data?.body ?? chosen.body}
              </Text>
            </Paper>
            {missing.length > 0 ? (
              <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />}>
                {t('templates.missing', {
                  variables: missing.map((m) => t(`variables.${m}`)).join(', '),
                })}
              </Alert>
            ) : null}
          </Stack>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button
            leftSection={<IconSend size={16} aria-hidden className={shell.mirror} />}
            disabled={!ready}
            loading={send.isPending}
            onClick={submit}
          >
            {t('templates.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
