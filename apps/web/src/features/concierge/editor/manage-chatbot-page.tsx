import {
  Button,
  Container,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  TextInput,
} from '@mantine/core';
import { useDocumentTitle, useLocalStorage } from '@mantine/hooks';
import type { BotQuestion } from '@posada/contracts/concierge';
import { type BotQuestionStatus, localized } from '@posada/domain/concierge';
import { IconListCheck, IconMessageQuestion, IconPlus, IconSearch, IconSettings } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { pathTo } from '../../../config/routes.ts';
import { propertiesQuery } from '../../../lib/api/properties-api.ts';
import { formatNumber } from '../../../lib/intl.ts';
import { notify } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/use-session.ts';
import { questionsQuery, saveQuestion, statusQuery, useInvalidateKnowledge } from '../api/knowledge-api.ts';
import {
  filterQuestions,
  initialPreviewLanguage,
  missingSuggestions,
  pickProperty,
  questionValues,
  REMEMBERED_PROPERTY_KEY,
} from '../lib/knowledge.ts';
import { PhonePreview } from './phone-preview.tsx';
import { type LiveQuestion, QuestionEditor } from './question-editor.tsx';
import { QuestionList, QuestionListSkeleton } from './question-list.tsx';
import { StatusBanner } from './status-banner.tsx';

type Editing = { question: BotQuestion | null; key: string } | null;

/**
 * manageChatBot (spec 2.1, 2.4 Bot: the questions-and-answers editor with a phone preview): per property,
 * the answered and pending questions (how many guests asked), the editor per language and, beside it (below
 * on a phone), the conversation as the guest sees it with a box to try the bot.
 */
export function ManageChatBotPage() {
  const { t } = useTranslation(['concierge', 'common']);
  useDocumentTitle(`${t('page.title')} · ${t('common:appName')}`);
  const user = useCurrentUser().data;
  const properties = useQuery(propertiesQuery);
  const [remembered, setRemembered] = useLocalStorage<string | null>({
    key: REMEMBERED_PROPERTY_KEY,
    defaultValue: null,
    getInitialValueInEffect: false,
  });
  // ?property_id= (the link from a property's chatbot settings) chooses the property and is remembered.
  const [params, setParams] = useSearchParams();
  const wanted = params.get('property_id');
  const ids = properties.data?.items.map((p) => p.id) ?? [];
  const propertyId = pickProperty(
    ids,
    wanted && ids.includes(wanted) ? wanted : remembered,
    user?.active_property_id ?? null,
  );
  useEffect(() => {
    if (wanted && properties.data?.items.some((p) => p.id === wanted)) setRemembered(wanted);
  }, [wanted, properties.data, setRemembered]);
  const property = properties.data?.items.find((p) => p.id === propertyId);

  if (properties.isError)
    return (
      <LoadError
        title={t('page.loadError')}
        onRetry={() => void properties.refetch()}
        retrying={properties.isRefetching}
      />
    );
  return (
    <Container size="xl" px={0}>
      <Stack gap="lg">
        <PageHeader
          title={t('page.title')}
          description={t('page.subtitle')}
          actions={
            propertyId ? (
              <Button
                component={Link}
                to={pathTo('pageManageChatBot', { propertyId })}
                variant="default"
                leftSection={<IconSettings size={18} aria-hidden />}
              >
                {t('page.settings')}
              </Button>
            ) : null
          }
        />
        {properties.data && properties.data.items.length > 1 ? (
          <Select
            label={t('page.property')}
            data={properties.data.items.map((p) => ({ value: p.id, label: p.nombre }))}
            value={propertyId}
            onChange={(value) => {
              if (!value) return;
              setRemembered(value);
              if (wanted) setParams({}, { replace: true });
            }}
            allowDeselect={false}
            maw={360}
            data-testid="bot-property"
          />
        ) : null}
        {propertyId ? (
          <Knowledge key={propertyId} propertyId={propertyId} propertyName={property?.nombre ?? ''} />
        ) : properties.isPending ? (
          <QuestionListSkeleton />
        ) : (
          <Paper withBorder radius="lg">
            <EmptyState
              icon={<IconMessageQuestion size={28} aria-hidden />}
              title={t('page.noProperty')}
              action={
                <Button component={Link} to={pathTo('createPropiedad')}>
                  {t('page.createProperty')}
                </Button>
              }
            />
          </Paper>
        )}
      </Stack>
    </Container>
  );
}

function Knowledge({ propertyId, propertyName }: { propertyId: string; propertyName: string }) {
  const { t, i18n } = useTranslation('concierge');
  const list = useQuery(questionsQuery(propertyId));
  const status = useQuery(statusQuery(propertyId));
  const invalidate = useInvalidateKnowledge(propertyId);
  const [tab, setTab] = useState<BotQuestionStatus>('answered');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [language, setLanguage] = useState(() => initialPreviewLanguage(i18n.language));
  const [live, setLive] = useState<LiveQuestion | null>(null);
  const [importing, setImporting] = useState(false);
  const warned = useRef(false);

  // spec 8: a missing bot template gives a warn toast (once per visit of this property).
  useEffect(() => {
    if (status.data?.template_missing && !warned.current) {
      warned.current = true;
      notify.warning(t('status.templateMissing'), t('status.templateMissingTitle'), { page: true });
    }
  }, [status.data?.template_missing, t]);

  const onLive = useCallback((next: LiveQuestion) => setLive(next), []);
  const items = list.data?.items ?? [];
  const shown = filterQuestions(items, tab, search);
  const selectedQuestion = items.find((q) => q.id === selected) ?? null;
  const previewQuestion = selectedQuestion ?? items.find((q) => q.status === 'answered') ?? null;
  const preview = editing
    ? live
    : previewQuestion
      ? { values: questionValues(previewQuestion), image: previewQuestion.image_url }
      : null;

  const open = (question: BotQuestion | null) => {
    setSelected(question?.id ?? null);
    setLive(null);
    setEditing({ question, key: question?.id ?? `new-${Date.now()}` });
  };

  const importSuggestions = async () => {
    const missing = missingSuggestions(items);
    setImporting(true);
    let added = 0;
    try {
      for (const question of missing) {
        await saveQuestion(propertyId, null, { question, answer: { es: '', en: '', ar: '' } });
        added += 1;
      }
      notify.success(t('empty.imported', { count: added }), undefined, { page: true });
      setTab('pending');
    } catch (error) {
      notify.error(error instanceof Error ? error.message : t('empty.importFailed'), t('empty.importFailed'));
    } finally {
      setImporting(false);
      await invalidate();
    }
  };

  const sourceLabel = (source: string) => {
    const cited = items.find((q) => q.id === source);
    return cited ? localized(cited.question, language) : null;
  };

  let body: React.ReactNode;
  if (editing)
    body = (
      <QuestionEditor
        key={editing.key}
        propertyId={propertyId}
        question={editing.question}
        language={language}
        onLanguageChange={setLanguage}
        onLive={onLive}
        onSaved={(saved) => {
          setSelected(saved.id);
          setTab(saved.status);
          setEditing({ question: saved, key: saved.id });
        }}
        onClose={() => setEditing(null)}
      />
    );
  else if (list.isPending) body = <QuestionListSkeleton />;
  else if (list.isError)
    body = (
      <LoadError
        title={t('list.loadError')}
        onRetry={() => void list.refetch()}
        retrying={list.isRefetching}
      />
    );
  else if (items.length === 0)
    body = (
      <Paper withBorder radius="lg" data-testid="questions-empty">
        <EmptyState
          icon={<IconMessageQuestion size={28} aria-hidden />}
          title={t('empty.title')}
          description={t('empty.hint')}
          action={
            <Group gap="sm" justify="center">
              <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => open(null)}>
                {t('empty.write')}
              </Button>
              <Button
                variant="light"
                leftSection={<IconListCheck size={18} aria-hidden />}
                loading={importing}
                onClick={() => void importSuggestions()}
              >
                {t('empty.import')}
              </Button>
            </Group>
          }
        />
      </Paper>
    );
  else
    body = (
      <Stack gap="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <SegmentedControl
            aria-label={t('list.tabs')}
            value={tab}
            onChange={(value) => setTab(value as BotQuestionStatus)}
            data={(['answered', 'pending'] as const).map((key) => ({
              value: key,
              label: `${t(`list.${key}`)} · ${formatNumber(list.data[key], i18n.language)}`,
            }))}
          />
          <TextInput
            aria-label={t('list.search')}
            placeholder={t('list.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            type="search"
            style={{ flex: '1 1 200px' }}
          />
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => open(null)}>
            {t('list.new')}
          </Button>
        </Group>
        {shown.length > 0 ? (
          <QuestionList items={shown} language={language} selectedId={selected} onOpen={open} />
        ) : (
          <Paper withBorder radius="lg">
            <EmptyState
              icon={<IconSearch size={28} aria-hidden />}
              title={search ? t('list.noMatch') : t(`list.empty.${tab}`)}
              description={search ? undefined : t(`list.emptyHint.${tab}`)}
              action={
                tab === 'pending' && !search && missingSuggestions(items).length > 0 ? (
                  <Button variant="light" loading={importing} onClick={() => void importSuggestions()}>
                    {t('empty.import')}
                  </Button>
                ) : undefined
              }
            />
          </Paper>
        )}
      </Stack>
    );

  return (
    <Stack gap="lg">
      {status.data ? <StatusBanner status={status.data} propertyId={propertyId} /> : null}
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>{body}</Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <div style={{ position: 'sticky', top: 16 }}>
            <PhonePreview
              propertyId={propertyId}
              propertyName={propertyName}
              values={preview?.values ?? null}
              image={preview?.image ?? null}
              language={language}
              onLanguageChange={setLanguage}
              sourceLabel={sourceLabel}
            />
          </div>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
