import { Badge, Button, Group, Paper, Stack, Tabs, Text, Textarea, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { type BotQuestion, botQuestionBody } from '@posada/contracts/concierge';
import {
  BOT_ANSWER_MAX,
  BOT_QUESTION_MAX,
  type ConciergeLanguage,
  conciergeLanguages,
} from '@posada/domain/concierge';
import { IconArrowLeft, IconDeviceFloppy, IconTrash, IconUsers } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../components/confirm-delete.tsx';
import { applyServerErrors, contractResolver } from '../../../components/form-errors.ts';
import shellClasses from '../../../components/shell.module.css';
import { formatNumber } from '../../../lib/intl.ts';
import { notify } from '../../../lib/notify.ts';
import {
  deleteQuestionImage,
  saveQuestion,
  uploadQuestionImage,
  useDeleteQuestion,
  useInvalidateKnowledge,
} from '../api/knowledge-api.ts';
import { emptyQuestion, type QuestionValues, questionBody, questionValues } from '../lib/knowledge.ts';
import { ImageField, imageRefusal } from './image-field.tsx';

/** What the phone preview shows while the operator types. */
export interface LiveQuestion {
  values: QuestionValues;
  image: string | null;
}

/**
 * The questions-and-answers editor (spec 4 Chatbot question): the question and its answer per language
 * (Arabic right to left), an optional image, save and delete (after a confirmation). A failed save keeps
 * everything typed and shows each error at its field; every outcome is a toast.
 */
export function QuestionEditor({
  propertyId,
  question,
  language,
  onLanguageChange,
  onLive,
  onSaved,
  onClose,
}: {
  propertyId: string;
  /** The question edited, or null for a new one. */
  question: BotQuestion | null;
  language: ConciergeLanguage;
  onLanguageChange: (language: ConciergeLanguage) => void;
  onLive: (live: LiveQuestion) => void;
  onSaved: (question: BotQuestion) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('concierge');
  const invalidate = useInvalidateKnowledge(propertyId);
  const remove = useDeleteQuestion(propertyId);
  const [saving, setSaving] = useState(false);
  const [pendingFile, setPendingFile] = useState<File | null>(null);
  const [fileUrl, setFileUrl] = useState<string | null>(null);
  const [imageRemoved, setImageRemoved] = useState(false);
  const [imageError, setImageError] = useState<string | null>(null);
  const form = useForm<QuestionValues>({
    resolver: contractResolver(botQuestionBody, (key, params) =>
      i18n.t(key, params),
    ) as unknown as Resolver<QuestionValues>,
    defaultValues: question ? questionValues(question) : emptyQuestion(),
    mode: 'onTouched',
  });
  const values = useWatch({ control: form.control }) as QuestionValues;
  const image = fileUrl ?? (imageRemoved ? null : (question?.image_url ?? null));
  // The preview follows what is typed (compared by content: the watched object may be rebuilt each render).
  const typed = JSON.stringify(values);
  useEffect(() => {
    onLive({ values: JSON.parse(typed) as QuestionValues, image });
  }, [typed, image, onLive]);
  useEffect(() => () => (fileUrl ? URL.revokeObjectURL(fileUrl) : undefined), [fileUrl]);

  const pick = (file: File) => {
    const refusal = imageRefusal(file);
    if (refusal) {
      setImageError(t(`editor.imageRefused.${refusal}`));
      return;
    }
    setImageError(null);
    setPendingFile(file);
    setFileUrl(URL.createObjectURL(file));
  };
  const unpick = () => {
    setPendingFile(null);
    setFileUrl(null);
    if (question?.image_url) setImageRemoved(true);
  };

  const submit = form.handleSubmit(
    async (body) => {
      setSaving(true);
      let saved: BotQuestion;
      try {
        saved = await saveQuestion(propertyId, question?.id ?? null, questionBody(body));
      } catch (error) {
        const message = applyServerErrors(
          error,
          form.setError,
          ['question', 'answer'],
          t('editor.saveFailed'),
        );
        notify.error(message ?? t('editor.fixFields'), t('editor.saveFailed'));
        setSaving(false);
        return;
      }
      try {
        if (pendingFile) saved = await uploadQuestionImage(propertyId, saved.id, pendingFile);
        else if (imageRemoved && question?.image_url) saved = await deleteQuestionImage(propertyId, saved.id);
        setPendingFile(null);
        setFileUrl(null);
        setImageRemoved(false);
        notify.success(
          saved.status === 'answered' ? t('editor.saved') : t('editor.savedPending'),
          undefined,
          { page: true },
        );
      } catch (error) {
        // The texts are stored; only the image failed: the operator can try it again from here.
        notify.error(
          error instanceof Error && error.message ? error.message : t('editor.imageFailed'),
          t('editor.imageFailed'),
        );
      } finally {
        setSaving(false);
      }
      form.reset(questionValues(saved));
      await invalidate();
      onSaved(saved);
    },
    () => notify.error(t('editor.fixFields'), t('editor.saveFailed')),
  );

  const askDelete = () => {
    if (!question) return;
    confirmDelete({
      title: t('editor.deleteTitle'),
      body: t('editor.deleteBody', {
        question: values.question.es || values.question.en || values.question.ar,
      }),
      confirm: t('editor.delete'),
      onConfirm: () =>
        remove.mutate(question.id, {
          onSuccess: () => {
            notify.success(t('editor.deleted'), undefined, { page: true });
            onClose();
          },
          onError: (error) =>
            notify.error(error.message || t('editor.deleteFailed'), t('editor.deleteFailed')),
        }),
    });
  };

  // Back to the list with something unsaved: asked first, so nothing typed is lost by a slip.
  const unsaved = form.formState.isDirty || pendingFile !== null || imageRemoved;
  const back = () => {
    if (!unsaved) return onClose();
    modals.openConfirmModal({
      title: t('editor.discardTitle'),
      centered: true,
      children: <Text size="sm">{t('editor.discardBody')}</Text>,
      labels: { confirm: t('editor.discard'), cancel: t('editor.keepEditing') },
      confirmProps: { color: 'red' },
      onConfirm: onClose,
    });
  };

  const errors = form.formState.errors;
  const errorOf = (field: 'question' | 'answer') =>
    (errors[field] as { message?: string } | undefined)?.message ??
    conciergeLanguages.map((l) => errors[field]?.[l]?.message).find(Boolean);

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="question-editor">
      <form onSubmit={submit} noValidate aria-labelledby="question-editor-title">
        <Stack gap="md">
          <Group justify="space-between" gap="sm" wrap="nowrap">
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={back}
              leftSection={<IconArrowLeft size={16} aria-hidden className={shellClasses.mirror} />}
            >
              {t('editor.back')}
            </Button>
            {question && question.asked_count > 0 ? (
              <Badge
                variant="light"
                color="orange"
                tt="none"
                leftSection={<IconUsers size={12} aria-hidden />}
              >
                {t('list.asked', {
                  count: question.asked_count,
                  n: formatNumber(question.asked_count, i18n.language),
                })}
              </Badge>
            ) : null}
          </Group>
          <Title order={2} fz="h4" id="question-editor-title">
            {question ? t('editor.editTitle') : t('editor.newTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('editor.hint')}
          </Text>
          <Tabs value={language} onChange={(next) => onLanguageChange((next as ConciergeLanguage) ?? 'es')}>
            <Tabs.List>
              {conciergeLanguages.map((code) => (
                <Tabs.Tab
                  key={code}
                  value={code}
                  rightSection={
                    values.answer?.[code]?.trim() ? (
                      <Badge size="xs" variant="light" color="teal" circle aria-label={t('editor.written')}>
                        ✓
                      </Badge>
                    ) : null
                  }
                >
                  {t(`languages.${code}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {conciergeLanguages.map((code) => (
              <Tabs.Panel key={code} value={code} pt="md">
                <Stack gap="sm">
                  <TextInput
                    label={t('editor.question', { language: t(`languages.${code}`) })}
                    placeholder={t(`editor.questionPlaceholder.${code}`)}
                    {...form.register(`question.${code}`)}
                    dir={code === 'ar' ? 'rtl' : 'ltr'}
                    lang={code}
                    maxLength={BOT_QUESTION_MAX}
                    error={errorOf('question')}
                    styles={{ input: { textAlign: 'start' } }}
                  />
                  <Textarea
                    label={t('editor.answer', { language: t(`languages.${code}`) })}
                    description={t('editor.answerHint')}
                    placeholder={t(`editor.answerPlaceholder.${code}`)}
                    {...form.register(`answer.${code}`)}
                    dir={code === 'ar' ? 'rtl' : 'ltr'}
                    lang={code}
                    autosize
                    minRows={4}
                    maxRows={12}
                    maxLength={BOT_ANSWER_MAX}
                    error={errorOf('answer')}
                    styles={{ input: { textAlign: 'start' } }}
                  />
                </Stack>
              </Tabs.Panel>
            ))}
          </Tabs>
          <ImageField src={image} onPick={pick} onRemove={unpick} disabled={saving} error={imageError} />
          <Group
            justify="space-between"
            gap="sm"
            pt="sm"
            style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
          >
            {question ? (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={askDelete}
                loading={remove.isPending}
              >
                {t('editor.delete')}
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" loading={saving} leftSection={<IconDeviceFloppy size={18} aria-hidden />}>
              {t('editor.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
