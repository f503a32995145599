import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { ReviewSettings } from '@posada/contracts/reviews';
import { REVIEW_MAX_DELAY_DAYS } from '@posada/domain/reviews';
import { IconClockHour4, IconDeviceFloppy, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { reviewSettingsQuery, useSaveReviewSettings } from '../api/reviews-api.ts';
import { ReviewReportCard } from './review-report.tsx';

const hours = Array.from({ length: 24 }, (_, h) => ({
  value: String(h),
  label: `${String(h).padStart(2, '0')}:00`,
}));

/**
 * The guest-reviews page's second half (issue 17): when the request goes out after a stay (hour in the
 * property's time zone, days after departure), the scale of the question (1–5 or 1–10, spec 9), and the
 * report of the answers.
 */
export function ReviewRequestsPanel({ propertyId }: { propertyId: string }) {
  const { t } = useTranslation('settings');
  const settings = useQuery(reviewSettingsQuery(propertyId));
  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <div>
            <Title order={2} size="h4">
              {t('reviewRequests.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('reviewRequests.subtitle')}
            </Text>
          </div>
          {settings.isPending ? (
            <Stack gap="sm" aria-busy="true">
              <Skeleton h={36} w={{ base: '100%', xs: 300 }} />
              <Skeleton h={36} w={{ base: '100%', xs: 300 }} />
              <Skeleton h={36} w={{ base: '100%', xs: 300 }} />
            </Stack>
          ) : settings.isError ? (
            <Alert color="red" variant="light" role="alert">
              {settings.error.message}
            </Alert>
          ) : (
            <SettingsForm propertyId={propertyId} current={settings.data} />
          )}
        </Stack>
      </Paper>
      <ReviewReportCard propertyId={propertyId} />
    </Stack>
  );
}

function SettingsForm({ propertyId, current }: { propertyId: string; current: ReviewSettings }) {
  const { t } = useTranslation('settings');
  const save = useSaveReviewSettings(propertyId);
  const [hour, setHour] = useState(String(current.send_hour));
  const [delay, setDelay] = useState<number | string>(current.delay_days);
  const [scale, setScale] = useState(String(current.scale));
  const [delayError, setDelayError] = useState<string | null>(null);
  useEffect(() => {
    setHour(String(current.send_hour));
    setDelay(current.delay_days);
    setScale(String(current.scale));
  }, [current]);
  const locked = !current.feature_available;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const days = typeof delay === 'number' ? delay : Number.parseInt(delay, 10);
    if (!Number.isInteger(days) || days < 0 || days > REVIEW_MAX_DELAY_DAYS) {
      setDelayError(t('reviewRequests.delayError', { max: REVIEW_MAX_DELAY_DAYS }));
      return;
    }
    setDelayError(null);
    save.mutate(
      { send_hour: Number(hour), delay_days: days, scale: scale === '5' ? 5 : 10 },
      {
        onSuccess: () => notify.success(t('reviewRequests.saved')),
        onError: (error) =>
          notify.error(error instanceof ApiError ? error.message : String(error), t('form.saveFailed')),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('reviewRequests.title')}>
      <Stack gap="md">
        {!current.enabled || !current.review_url ? (
          <Alert
            color="blue"
            variant="light"
            icon={<IconInfoCircle size={18} aria-hidden />}
            data-testid="reviews-off"
          >
            {t('reviewRequests.off')}
          </Alert>
        ) : null}
        <Group gap="md" align="flex-start" wrap="wrap">
          <Select
            label={t('reviewRequests.hour')}
            description={t('reviewRequests.hourHint', { zone: current.time_zone })}
            data={hours}
            value={hour}
            onChange={(value) => value && setHour(value)}
            allowDeselect={false}
            leftSection={<IconClockHour4 size={16} aria-hidden />}
            disabled={locked}
            w={{ base: '100%', xs: 300 }}
          />
          <NumberInput
            label={t('reviewRequests.delay')}
            description={t('reviewRequests.delayHint')}
            min={0}
            max={REVIEW_MAX_DELAY_DAYS}
            allowDecimal={false}
            allowNegative={false}
            value={delay}
            onChange={setDelay}
            error={delayError}
            disabled={locked}
            w={{ base: '100%', xs: 300 }}
          />
        </Group>
        <div>
          <Text component="label" id="review-scale-label" size="sm" fw={500}>
            {t('reviewRequests.scale')}
          </Text>
          <Text size="xs" c="dimmed" mb={6}>
            {t('reviewRequests.scaleHint')}
          </Text>
          <SegmentedControl
            aria-labelledby="review-scale-label"
            value={scale}
            onChange={setScale}
            disabled={locked}
            data={[
              { value: '5', label: t('reviewRequests.scale5') },
              { value: '10', label: t('reviewRequests.scale10') },
            ]}
          />
        </div>
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={save.isPending}
            disabled={locked}
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
          >
            {t('reviewRequests.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
