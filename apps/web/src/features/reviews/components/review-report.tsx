import { Badge, Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReviewReport } from '@posada/contracts/reviews';
import { IconMessageStar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime, intlLocale } from '../../../lib/intl.ts';
import { reviewReportQuery } from '../api/reviews-api.ts';

const scoreColor = (score: number, scale: number) => {
  const share = score / scale;
  return share >= 0.8 ? 'teal' : share >= 0.6 ? 'yellow' : 'red';
};

/** The report of the property's review requests: how many went out, answered, the average and the answers. */
export function ReviewReportCard({ propertyId }: { propertyId: string }) {
  const { t } = useTranslation('settings');
  const report = useQuery(reviewReportQuery(propertyId));
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} data-testid="review-report">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('reviewRequests.report.title')}
        </Title>
        {report.isPending ? (
          <Stack gap="sm" aria-busy="true">
            <Skeleton h={56} />
            <Skeleton h={120} />
          </Stack>
        ) : report.isError ? (
          <Text c="red" role="alert">
            {report.error.message}
          </Text>
        ) : (
          <ReportBody report={report.data} />
        )}
      </Stack>
    </Paper>
  );
}

function ReportBody({ report }: { report: ReviewReport }) {
  const { t, i18n } = useTranslation('settings');
  const number = new Intl.NumberFormat(intlLocale(i18n.language), { maximumFractionDigits: 1 });
  const max = Math.max(1, ...report.distribution.map((d) => d.count));
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 3 }} spacing="sm">
        <Stat label={t('reviewRequests.report.sent')} value={number.format(report.sent)} />
        <Stat label={t('reviewRequests.report.answered')} value={number.format(report.answered)} />
        <Stat
          label={t('reviewRequests.report.average')}
          value={report.average === null ? '—' : `${number.format(report.average)}/${report.scale}`}
        />
      </SimpleGrid>
      {report.answered === 0 ? (
        <Group gap="sm" wrap="nowrap" data-testid="review-report-empty">
          <IconMessageStar size={28} stroke={1.5} aria-hidden color="var(--mantine-color-dimmed)" />
          <Text size="sm" c="dimmed">
            {t('reviewRequests.report.empty')}
          </Text>
        </Group>
      ) : (
        <>
          <Stack gap={6} aria-label={t('reviewRequests.report.distribution')} role="list">
            {[...report.distribution].reverse().map((d) => (
              <Group key={d.score} gap="sm" wrap="nowrap" role="listitem">
                <Text size="sm" w={24} ta="end" fw={600}>
                  {d.score}
                </Text>
                <Progress
                  value={(d.count / max) * 100}
                  color={scoreColor(d.score, report.scale)}
                  style={{ flex: 1 }}
                  aria-label={t('reviewRequests.report.bar', { score: d.score, count: d.count })}
                />
                <Text size="sm" w={32} c="dimmed">
                  {number.format(d.count)}
                </Text>
              </Group>
            ))}
          </Stack>
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('reviewRequests.report.latest')}
            </Text>
            {report.latest.map((a) => (
              <Group key={a.booking_id} justify="space-between" wrap="nowrap" gap="sm">
                <Text size="sm" truncate>
                  {a.guest_name}
                </Text>
                <Group gap="xs" wrap="nowrap">
                  <Text size="xs" c="dimmed">
                    {formatDateTime(a.answered_at, i18n.language)}
                  </Text>
                  <Badge color={scoreColor(a.score, a.scale)} variant="light">
                    {a.score}/{a.scale}
                  </Badge>
                </Group>
              </Group>
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
    </Paper>
  );
}
