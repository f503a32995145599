import {
  ActionIcon,
  Avatar,
  Badge,
  Group,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import type { BotReply } from '@posada/contracts/concierge';
import { type ConciergeLanguage, conciergeLanguages, localized } from '@posada/domain/concierge';
import { IconRobot, IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { usePreviewReply } from '../api/knowledge-api.ts';
import { guestPhoneTexts, type QuestionValues } from '../lib/knowledge.ts';
import classes from './phone.module.css';

function Bubble({
  from,
  text,
  image,
  testId,
}: {
  from: 'guest' | 'bot';
  text: string;
  image?: string | null;
  testId: string;
}) {
  const { t } = useTranslation('concierge');
  return (
    <div className={`${classes.bubble} ${classes[from]}`} data-testid={testId}>
      <VisuallyHidden>{t(from === 'guest' ? 'preview.guestSays' : 'preview.botSays')}</VisuallyHidden>
      {image ? <img src={image} alt={t('preview.imageAlt')} className={classes.bubbleImage} /> : null}
      {text}
    </div>
  );
}

/**
 * The conversation as the guest sees it on WhatsApp: the selected question as the guest's bubble and its
 * answer (with the image) as the bot's, in the preview language (right to left in Arabic), and a box that
 * asks the bot (POST preview) and shows its reply with what it cited or would do.
 */
export function PhonePreview({
  propertyId,
  propertyName,
  values,
  image,
  language,
  onLanguageChange,
  sourceLabel,
}: {
  propertyId: string;
  propertyName: string;
  /** The question being edited (as typed) or selected, or null. */
  values: QuestionValues | null;
  image: string | null;
  language: ConciergeLanguage;
  onLanguageChange: (language: ConciergeLanguage) => void;
  /** The question a cited source stands for ("¿Dónde aparco?"), for the reply's note. */
  sourceLabel: (source: string) => string | null;
}) {
  const { t } = useTranslation('concierge');
  const preview = usePreviewReply(propertyId);
  const [message, setMessage] = useState('');
  const [asked, setAsked] = useState<{ text: string; reply: BotReply } | null>(null);
  const chat = useRef<HTMLDivElement>(null);
  // A new reply scrolls the chat to its end, as the phone does.
  useEffect(() => {
    if (asked && chat.current) chat.current.scrollTop = chat.current.scrollHeight;
  }, [asked]);
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const question = values ? localized(values.question, language) : '';
  const answer = values ? localized(values.answer, language) : '';

  const send = () => {
    const text = message.trim();
    if (!text) return;
    preview.mutate(
      { message: text, language },
      {
        onSuccess: (reply) => {
          setAsked({ text, reply });
          setMessage('');
        },
        onError: (error) =>
          notify.error(error instanceof ApiError ? error.message : t('preview.failed'), t('preview.failed')),
      },
    );
  };

  const replyNote = (reply: BotReply): string => {
    if (reply.outcome === 'escalated') return t('preview.escalated');
    if (reply.action) return t('preview.action', { action: t(`actions.${reply.action}.label`) });
    const cited = reply.source ? sourceLabel(reply.source) : null;
    if (cited) return t('preview.cited', { question: cited });
    if (reply.source?.startsWith('fact:')) return t('preview.citedFact');
    return t('preview.answered');
  };

  return (
    <Stack gap="sm" data-testid="phone-preview">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600} size="sm" id="preview-language-label">
          {t('preview.title')}
        </Text>
        <SegmentedControl
          size="xs"
          aria-labelledby="preview-language-label"
          value={language}
          onChange={(value) => onLanguageChange(value as ConciergeLanguage)}
          data={conciergeLanguages.map((code) => ({ value: code, label: t(`languages.${code}`) }))}
        />
      </Group>
      <div className={classes.frame}>
        <div className={classes.screen} dir={dir} lang={language}>
          <div className={classes.header}>
            <Avatar size={34} radius="xl" color="white" variant="filled">
              <IconRobot size={20} color="#075e54" aria-hidden />
            </Avatar>
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} truncate>
                {propertyName}
              </Text>
              <Text size="xs" c="rgba(255,255,255,0.8)">
                {guestPhoneTexts[language].assistant}
              </Text>
            </div>
          </div>
          <div className={classes.chat} aria-live="polite" ref={chat}>
            {question ? (
              <>
                <Bubble from="guest" text={question} testId="preview-guest" />
                {answer ? (
                  <Bubble from="bot" text={answer} image={image} testId="preview-bot" />
                ) : (
                  <div className={classes.note} dir="auto">
                    {t('preview.noAnswer')}
                  </div>
                )}
              </>
            ) : (
              <div className={classes.note}>{t('preview.pick')}</div>
            )}
            {asked ? (
              <>
                <Bubble from="guest" text={asked.text} testId="preview-try-guest" />
                <Bubble
                  from="bot"
                  text={asked.reply.text}
                  image={asked.reply.image_url}
                  testId="preview-try-bot"
                />
                <div className={classes.note} data-testid="preview-try-note">
                  {replyNote(asked.reply)}
                </div>
              </>
            ) : null}
          </div>
          <form
            className={classes.composer}
            onSubmit={(event) => {
              event.preventDefault();
              send();
            }}
          >
            <Group gap={6} wrap="nowrap">
              <TextInput
                aria-label={t('preview.tryLabel')}
                placeholder={guestPhoneTexts[language].placeholder}
                value={message}
                onChange={(event) => setMessage(event.currentTarget.value)}
                maxLength={1000}
                radius="xl"
                style={{ flex: 1 }}
                dir={dir}
                styles={{ input: { textAlign: 'start' } }}
              />
              <Tooltip label={t('preview.send')} withArrow>
                <ActionIcon
                  type="submit"
                  size={36}
                  radius="xl"
                  color="#00a884"
                  loading={preview.isPending}
                  disabled={!message.trim()}
                  aria-label={t('preview.send')}
                >
                  <IconSend
                    size={18}
                    aria-hidden
                    style={dir === 'rtl' ? { transform: 'scaleX(-1)' } : undefined}
                  />
                </ActionIcon>
              </Tooltip>
            </Group>
          </form>
        </div>
      </div>
      <Group gap={6} justify="center">
        <Badge variant="light" color="gray" tt="none">
          {t('preview.tryHint')}
        </Badge>
      </Group>
    </Stack>
  );
}
