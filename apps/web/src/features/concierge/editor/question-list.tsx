import { Badge, Group, Paper, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import type { BotQuestion } from '@posada/contracts/concierge';
import { type ConciergeLanguage, localized } from '@posada/domain/concierge';
import { IconChevronRight, IconPhoto, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import shellClasses from '../../../components/shell.module.css';
import { formatDateTime, formatNumber } from '../../../lib/intl.ts';
import { answeredLanguages } from '../lib/knowledge.ts';

export function QuestionListSkeleton() {
  return (
    <Paper withBorder radius="lg" p="md" aria-hidden data-testid="questions-skeleton">
      <Stack gap="md">
        {['a', 'b', 'c', 'd', 'e'].map((key) => (
          <Stack key={key} gap={6}>
            <Skeleton h={14} w="60%" />
            <Skeleton h={10} w="85%" />
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}

/** The questions of the tab: the question, the start of its answer, its languages, image and guests asking. */
export function QuestionList({
  items,
  language,
  selectedId,
  onOpen,
}: {
  items: BotQuestion[];
  language: ConciergeLanguage;
  selectedId: string | null;
  onOpen: (question: BotQuestion) => void;
}) {
  const { t, i18n } = useTranslation('concierge');
  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('list.label')}>
        {items.map((item) => {
          const answer = localized(item.answer, language);
          const languages = answeredLanguages(item.answer);
          const selected = item.id === selectedId;
          return (
            <li key={item.id} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
              <UnstyledButton
                onClick={() => onOpen(item)}
                p="md"
                w="100%"
                data-testid="question-row"
                aria-current={selected ? 'true' : undefined}
                style={{
                  display: 'block',
                  background: selected ? 'var(--mantine-color-posada-0)' : undefined,
                }}
              >
                <Group wrap="nowrap" gap="sm" align="flex-start">
                  <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                    <Text fw={600} size="sm" dir="auto" style={{ textAlign: 'start' }}>
                      {localized(item.question, language)}
                    </Text>
                    {answer ? (
                      <Text size="sm" c="dimmed" lineClamp={2} dir="auto" style={{ textAlign: 'start' }}>
                        {answer}
                      </Text>
                    ) : (
                      <Text size="sm" c="orange.8">
                        {t('list.noAnswer')}
                      </Text>
                    )}
                    <Group gap={6} wrap="wrap">
                      {languages.map((code) => (
                        <Badge key={code} size="xs" variant="light" color="gray" tt="uppercase">
                          {code}
                        </Badge>
                      ))}
                      {item.image_url ? (
                        <Badge
                          size="xs"
                          variant="light"
                          color="blue"
                          tt="none"
                          leftSection={<IconPhoto size={10} aria-hidden />}
                        >
                          {t('list.withImage')}
                        </Badge>
                      ) : null}
                      {item.asked_count > 0 ? (
                        <Badge
                          size="xs"
                          variant="light"
                          color="orange"
                          tt="none"
                          leftSection={<IconUsers size={10} aria-hidden />}
                        >
                          {t('list.asked', {
                            count: item.asked_count,
                            n: formatNumber(item.asked_count, i18n.language),
                          })}
                        </Badge>
                      ) : null}
                      {item.last_asked_at ? (
                        <Text size="xs" c="dimmed">
                          {t('list.lastAsked', { date: formatDateTime(item.last_asked_at, i18n.language) })}
                        </Text>
                      ) : null}
                    </Group>
                  </Stack>
                  <IconChevronRight
                    size={18}
                    aria-hidden
                    className={shellClasses.mirror}
                    style={{ flexShrink: 0, marginTop: 2 }}
                  />
                </Group>
              </UnstyledButton>
            </li>
          );
        })}
      </Stack>
    </Paper>
  );
}
