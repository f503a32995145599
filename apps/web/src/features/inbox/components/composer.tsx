import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  CloseButton,
  FileButton,
  Group,
  Menu,
  Stack,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  ATTACHMENT_MAX_BYTES,
  attachmentMimes,
  type InboxThreadDetail,
  MESSAGE_MAX,
} from '@posada/contracts/inbox-requests';
import {
  IconBolt,
  IconClockHour4,
  IconPaperclip,
  IconPlugConnected,
  IconSend,
  IconTemplate,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import shell from '../../../components/shell.module.css';
import { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { templatesQuery, usePreview, useSendMessage } from '../api/inbox-api.ts';
import { useSentToast } from '../hooks/use-sent-toast.ts';
import { base64Of, windowLeft } from '../lib/inbox-view.ts';
import classes from './inbox.module.css';
import { TemplateModal } from './template-modal.tsx';

/**
 * The composer: text (Enter sends, Shift+Enter breaks the line), quick replies, templates with a preview,
 * an attachment. WhatsApp outside the 24-hour window: it says so and offers only approved templates.
 */
export function Composer({
  detail,
  now,
  connectHref,
}: {
  detail: InboxThreadDetail;
  now: Date;
  connectHref: string;
}) {
  const { t } = useTranslation('inbox');
  const sentToast = useSentToast();
  const { thread } = detail;
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [templatesOpened, templatesModal] = useDisclosure(false);
  const send = useSendMessage(thread.id);
  const preview = usePreview(thread.id);
  const quickReplies = useQuery(templatesQuery()).data?.filter((tpl) => tpl.kind === 'quick_reply') ?? [];

  const whatsapp = !!thread.phone;
  const left = windowLeft(thread, now);
  const closed = whatsapp && !left;
  const notConnected = whatsapp && detail.whatsapp === 'none';

  const submit = async () => {
    const body = text.trim();
    if (!body && !file) return;
    let attachment = null;
    if (file) {
      attachment = {
        name: file.name,
        mime: file.type as (typeof attachmentMimes)[number],
        data: base64Of(new Uint8Array(await file.arrayBuffer())),
      };
    }
    send.mutate(
      { text: body, attachment },
      {
        onSuccess: (message) => {
          setText('');
          setFile(null);
          sentToast(message);
        },
        onError: (error) => notify.error(error instanceof ApiError ? error.message : t('composer.failed')),
      },
    );
  };

  const pickFile = (picked: File | null) => {
    if (!picked) return;
    if (!(attachmentMimes as readonly string[]).includes(picked.type)) {
      notify.error(t('composer.fileType'));
      return;
    }
    if (picked.size > ATTACHMENT_MAX_BYTES) {
      notify.error(t('composer.fileTooLarge', { mb: ATTACHMENT_MAX_BYTES / 1024 / 1024 }));
      return;
    }
    setFile(picked);
  };

  const insertQuickReply = (templateId: string) =>
    preview.mutate(
      { template_id: templateId },
      {
        onSuccess: (answer) => setText((current) => (current ? `${current}\n${answer.body}` : answer.body)),
        onError: (error) => notify.error(error instanceof ApiError ? error.message : t('composer.failed')),
      },
    );

  if (notConnected)
    return (
      <div className={classes.composer}>
        <Alert
          color="yellow"
          icon={<IconPlugConnected size={18} aria-hidden />}
          title={t('composer.notConnectedTitle')}
          data-testid="inbox-connect-prompt"
        >
          <Text size="sm">{t('composer.notConnectedBody')}</Text>
          <Button component={Link} to={connectHref} size="xs" mt="xs">
            {t('composer.connect')}
          </Button>
        </Alert>
      </div>
    );

  return (
    <div className={classes.composer}>
      {closed ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconClockHour4 size={18} aria-hidden />}
          title={t('composer.windowClosedTitle')}
          data-testid="inbox-window-closed"
        >
          <Text size="sm">{t('composer.windowClosedBody')}</Text>
          <Button
            size="xs"
            mt="xs"
            leftSection={<IconTemplate size={14} aria-hidden />}
            onClick={templatesModal.open}
          >
            {t('composer.sendTemplate')}
          </Button>
        </Alert>
      ) : (
        <Stack gap={6}>
          {whatsapp && left ? (
            <Text size="xs" c="dimmed">
              {t('composer.windowOpen', { hours: left.hours, minutes: left.minutes })}
            </Text>
          ) : null}
          {file ? (
            <Group gap="xs">
              <Badge
                variant="light"
                size="lg"
                leftSection={<IconPaperclip size={12} aria-hidden />}
                rightSection={
                  <CloseButton
                    size="xs"
                    onClick={() => setFile(null)}
                    aria-label={t('composer.removeFile')}
                  />
                }
                style={{ textTransform: 'none' }}
              >
                {file.name}
              </Badge>
            </Group>
          ) : null}
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <Group gap={2} wrap="nowrap">
              <Menu position="top-start" withinPortal>
                <Menu.Target>
                  <Tooltip label={t('composer.quickReplies')}>
                    <ActionIcon
                      variant="subtle"
                      size="lg"
                      aria-label={t('composer.quickReplies')}
                      loading={preview.isPending}
                    >
                      <IconBolt size={20} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Menu.Target>
                <Menu.Dropdown>
                  {quickReplies.length === 0 ? (
                    <Menu.Label>{t('composer.noQuickReplies')}</Menu.Label>
                  ) : (
                    quickReplies.map((qr) => (
                      <Menu.Item key={qr.id} onClick={() => insertQuickReply(qr.id)}>
                        {qr.name}
                      </Menu.Item>
                    ))
                  )}
                </Menu.Dropdown>
              </Menu>
              <Tooltip label={t('composer.templates')}>
                <ActionIcon
                  variant="subtle"
                  size="lg"
                  aria-label={t('composer.templates')}
                  onClick={templatesModal.open}
                >
                  <IconTemplate size={20} aria-hidden />
                </ActionIcon>
              </Tooltip>
              {whatsapp ? (
                <FileButton onChange={pickFile} accept={attachmentMimes.join(',')}>
                  {(props) => (
                    <Tooltip label={t('composer.attach')}>
                      <ActionIcon {...props} variant="subtle" size="lg" aria-label={t('composer.attach')}>
                        <IconPaperclip size={20} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </FileButton>
              ) : null}
            </Group>
            <Textarea
              style={{ flex: 1 }}
              autosize
              minRows={1}
              maxRows={6}
              maxLength={MESSAGE_MAX}
              placeholder={file ? t('composer.captionPlaceholder') : t('composer.placeholder')}
              aria-label={t('composer.label')}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                  e.preventDefault();
                  void submit();
                }
              }}
              data-testid="inbox-composer-text"
            />
            <ActionIcon
              size="lg"
              radius="xl"
              onClick={() => void submit()}
              loading={send.isPending}
              disabled={!text.trim() && !file}
              aria-label={t('composer.send')}
              data-testid="inbox-send"
            >
              <IconSend size={18} aria-hidden className={shell.mirror} />
            </ActionIcon>
          </Group>
        </Stack>
      )}
      <TemplateModal
        opened={templatesOpened}
        onClose={templatesModal.close}
        threadId={thread.id}
        onlyApproved={closed}
      />
    </div>
  );
}
