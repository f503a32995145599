import {
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { authoritiesPaths } from '@posada/contracts/authorities';
import { IconCheck, IconDownload, IconExternalLink, IconFileText, IconUpload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatDateTime, formatDay } from '../../../lib/intl.ts';
import { notify } from '../../../lib/notify.ts';
import {
  downloadWithToken,
  invalidateRegistrations,
  type PoliceFileView,
  policeFilesQuery,
  registrationsApi,
} from '../api/registrations-api.ts';

/** The Mossos d'Esquadra portal where the operator uploads each day's file (no web service exists). */
export const MOSSOS_PORTAL_URL = 'https://registreviatgers.mossos.gencat.cat/mossos_hotels/';

function MarkUploadedModal({ file, onClose }: { file: PoliceFileView | null; onClose: () => void }) {
  const { t } = useTranslation(['registrations', 'common']);
  const queryClient = useQueryClient();
  const [receipt, setReceipt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (value: string) => registrationsApi.markUploaded(file?.id ?? '', { receipt_number: value }),
    onSuccess: () => {
      notify.success(t('mossos.markedToast', { name: file?.file_name }));
      void invalidateRegistrations(queryClient);
      setReceipt('');
      onClose();
    },
    onError: (e) => {
      const message =
        e instanceof ApiError ? (e.errors.receipt_number?.[0] ?? e.message) : t('mossos.markError');
      setError(message);
      notify.error(message, t('mossos.markFailed'));
    },
  });
  const submit = () => {
    const value = receipt.trim();
    if (!value) {
      setError(t('common:validation.required'));
      return;
    }
    setError(null);
    mutation.mutate(value);
  };
  return (
    <Modal opened={Boolean(file)} onClose={onClose} title={t('mossos.markTitle')} centered>
      <Stack gap="md">
        <Text size="sm">{t('mossos.markHint', { name: file?.file_name ?? '' })}</Text>
        <TextInput
          label={t('mossos.receipt')}
          description={t('mossos.receiptHint')}
          value={receipt}
          onChange={(e) => setReceipt(e.currentTarget.value)}
          error={error}
          maxLength={60}
          withAsterisk
          autoComplete="off"
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            leftSection={<IconCheck size={16} aria-hidden />}
            loading={mutation.isPending}
            onClick={submit}
          >
            {t('mossos.mark')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Mossos d'Esquadra (issue 14 item 1): a file per property and day, downloaded here, uploaded by the
 * operator at the Mossos portal, then marked uploaded with the portal's receipt number.
 */
export function PoliceFilesPanel() {
  const { t, i18n } = useTranslation('registrations');
  const language = i18n.resolvedLanguage ?? 'es';
  const query = useQuery(policeFilesQuery());
  const [marking, setMarking] = useState<PoliceFileView | null>(null);
  const download = (file: PoliceFileView) =>
    downloadWithToken(authoritiesPaths.downloadPoliceFile(file.id), {}, file.file_name).then(
      () => notify.success(t('mossos.downloaded', { name: file.file_name })),
      () => notify.error(t('mossos.downloadError'), t('mossos.downloadFailed')),
    );

  const steps = (
    <Paper withBorder radius="lg" p="md" data-testid="mossos-steps">
      <Stack gap="xs">
        <Title order={2} fz="md">
          {t('mossos.stepsTitle')}
        </Title>
        <List type="ordered" spacing={4} size="sm">
          <List.Item>{t('mossos.step1')}</List.Item>
          <List.Item>
            {t('mossos.step2')}{' '}
            <Anchor href={MOSSOS_PORTAL_URL} target="_blank" rel="noopener noreferrer" dir="ltr">
              {t('mossos.portal')} <IconExternalLink size={12} aria-hidden />
            </Anchor>
          </List.Item>
          <List.Item>{t('mossos.step3')}</List.Item>
        </List>
      </Stack>
    </Paper>
  );

  let body: React.ReactNode;
  if (query.isPending) {
    body = (
      <Stack gap="sm" p="md" aria-busy>
        <Skeleton h={40} radius="md" />
        <Skeleton h={40} radius="md" />
      </Stack>
    );
  } else if (query.isError) {
    body = <LoadError m="md" title={t('mossos.loadError')} onRetry={() => void query.refetch()} />;
  } else if (query.data.items.length === 0) {
    body = (
      <EmptyState
        icon={<IconFileText size={28} aria-hidden />}
        title={t('mossos.emptyTitle')}
        description={t('mossos.emptyHint')}
      />
    );
  } else {
    body = (
      <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('tabs.mossos')}>
        {query.data.items.map((file, index) => (
          <Group
            component="li"
            key={file.id}
            justify="space-between"
            gap="sm"
            p="md"
            data-testid="police-file"
            style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
          >
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <ThemeIcon variant="light" color={file.uploaded_at ? 'teal' : 'orange'} radius="xl">
                {file.uploaded_at ? (
                  <IconCheck size={16} aria-hidden />
                ) : (
                  <IconUpload size={16} aria-hidden />
                )}
              </ThemeIcon>
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {formatDay(file.day, language)} · <span dir="auto">{file.property_name}</span>
                </Text>
                <Text size="xs" c="dimmed" dir="ltr" ta="start" truncate>
                  {file.file_name}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('mossos.count', { count: file.registration_count })}
                </Text>
              </Stack>
            </Group>
            <Group gap="xs">
              {file.uploaded_at ? (
                <Badge color="teal" variant="light" tt="none">
                  {t('mossos.uploaded', {
                    receipt: file.receipt_number ?? '',
                    at: formatDateTime(file.uploaded_at, language),
                  })}
                </Badge>
              ) : (
                <Badge color="orange" variant="light" tt="none">
                  {t('mossos.notUploaded')}
                </Badge>
              )}
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconDownload size={14} aria-hidden />}
                onClick={() => void download(file)}
              >
                {t('mossos.download')}
              </Button>
              {file.uploaded_at ? null : (
                <Button
                  size="compact-sm"
                  leftSection={<IconCheck size={14} aria-hidden />}
                  onClick={() => setMarking(file)}
                >
                  {t('mossos.mark')}
                </Button>
              )}
            </Group>
          </Group>
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {steps}
      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }} data-testid="police-files">
        {body}
      </Paper>
      <MarkUploadedModal file={marking} onClose={() => setMarking(null)} />
    </Stack>
  );
}
