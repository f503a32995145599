import { Anchor, Button, Group, Paper, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ImportResult } from '@posada/contracts/booking-import';
import { IconArrowLeft, IconCircleCheck, IconList, IconRefresh } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { pathTo } from '../../../config/routes.ts';
import { dashboardKeyPrefix, reservationsKeys } from '../../../lib/api/bookings-keys.ts';
import { isRtl } from '../../../lib/i18n.ts';
import { intlLocale } from '../../../lib/intl.ts';
import { notify } from '../../../lib/notify.ts';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';
import { ImportError, uploadImport } from './api/import-api.ts';
import { type ReviewState, ReviewStep } from './components/review-step.tsx';
import { TemplateStep } from './components/template-step.tsx';
import { UploadStep } from './components/upload-step.tsx';
import { fileProblem, MAX_MEGABYTES } from './lib/import-lib.ts';

/**
 * Import bookings (spec 2.2 /business/scheduled-checkins/import): download the template, upload the filled
 * file, see every refused cell (row, column, message) from a dry run, then import — all or nothing.
 */
export function ImportBookingsPage() {
  const { t, i18n } = useTranslation(['reservations', 'common']);
  useDocumentTitle(`${t('import.title')} · ${t('common:appName')}`);
  const language = i18n.resolvedLanguage ?? 'es';
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [review, setReview] = useState<ReviewState>({ kind: 'idle' });
  const [progress, setProgress] = useState<number | null>(null);
  const [imported, setImported] = useState<ImportResult | null>(null);
  // A new answer starts the review afresh (first page, the right tab).
  const [generation, setGeneration] = useState(0);
  // Only the latest file's answer counts (a second file may be dropped while the first is checked).
  const latest = useRef<File | null>(null);

  const check = useMutation({
    mutationFn: (picked: File) => uploadImport(picked, { dryRun: true, onProgress: setProgress }),
    onMutate: () => setReview({ kind: 'checking' }),
    onSuccess: (result, picked) => {
      if (latest.current !== picked) return;
      setGeneration((g) => g + 1);
      setReview({ kind: 'result', result });
    },
    onError: (error, picked) => {
      if (latest.current !== picked) return;
      setReview({ kind: 'file-error', message: error.message });
      notify.error(error.message, t('import.errors.check'));
    },
    onSettled: () => setProgress(null),
  });

  const run = useMutation({
    mutationFn: (picked: File) => uploadImport(picked, { dryRun: false }),
    onSuccess: async (result) => {
      setImported(result);
      notify.success(
        t('import.done.title', {
          count: result.imported,
          formatted: new Intl.NumberFormat(intlLocale(language)).format(result.imported),
        }),
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reservationsKeys.all }),
        queryClient.invalidateQueries({ queryKey: dashboardKeyPrefix }),
      ]);
    },
    onError: (error) => {
      // Rows refused at the last moment (another booking took the nights): show them like a dry run's.
      if (error instanceof ImportError && error.result) {
        const result = error.result;
        setGeneration((g) => g + 1);
        setReview({ kind: 'result', result });
      }
      notify.error(error.message, t('import.errors.failed'));
    },
  });

  const choose = (picked: File) => {
    setImported(null);
    if (fileProblem(picked) === 'tooLarge') {
      const message = t('import.upload.tooLarge', { max: MAX_MEGABYTES });
      setFile(picked);
      latest.current = null;
      setReview({ kind: 'file-error', message });
      notify.warning(message);
      return;
    }
    setFile(picked);
    latest.current = picked;
    check.mutate(picked);
  };

  const startOver = () => {
    setImported(null);
    setFile(null);
    latest.current = null;
    setReview({ kind: 'idle' });
  };

  const backIcon = (
    <IconArrowLeft size={16} aria-hidden style={isRtl(language) ? { transform: 'scaleX(-1)' } : undefined} />
  );

  return (
    <Stack gap="lg" maw={1100}>
      <Anchor component={Link} to={pathTo('Reservas')} size="sm" w="fit-content">
        <Group gap={4} wrap="nowrap">
          {backIcon}
          {t('import.back')}
        </Group>
      </Anchor>
      <PageHeader title={t('import.title')} description={t('import.description')} />

      {imported ? (
        <Paper withBorder radius="lg" aria-live="polite">
          <EmptyState
            icon={<IconCircleCheck size={28} aria-hidden />}
            title={t('import.done.title', {
              count: imported.imported,
              formatted: new Intl.NumberFormat(intlLocale(language)).format(imported.imported),
            })}
            description={t('import.done.hint')}
            action={
              <Group justify="center" gap="sm">
                <Button
                  component={Link}
                  to={pathTo('Reservas')}
                  leftSection={<IconList size={16} aria-hidden />}
                >
                  {t('import.done.view')}
                </Button>
                <Button
                  variant="default"
                  leftSection={<IconRefresh size={16} aria-hidden />}
                  onClick={startOver}
                >
                  {t('import.done.again')}
                </Button>
              </Group>
            }
          />
        </Paper>
      ) : (
        <>
          <TemplateStep />
          <UploadStep
            file={file}
            checking={check.isPending}
            progress={progress}
            disabled={run.isPending}
            onFile={choose}
          />
          <ReviewStep
            key={`${review.kind}-${generation}`}
            state={review}
            isMobile={isMobile}
            importing={run.isPending}
            onImport={() => file && run.mutate(file)}
          />
        </>
      )}
    </Stack>
  );
}
