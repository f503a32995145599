import {
  Box,
  Button,
  FileButton,
  Group,
  Loader,
  Paper,
  Progress,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { BOOKING_IMPORT_MAX_ROWS } from '@posada/contracts/booking-import';
import { IconFileUpload, IconReplace, IconUpload } from '@tabler/icons-react';
import { type DragEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../../../lib/intl.ts';
import { formatBytes, IMPORT_ACCEPT, MAX_MEGABYTES } from '../lib/import-lib.ts';
import { StepCard } from './step-card.tsx';

/**
 * Step 2: drop the file or pick it (the picker button is the keyboard and screen-reader way in; the drop
 * area is a convenience). Choosing a file starts the check.
 */
export function UploadStep({
  file,
  checking,
  progress,
  disabled,
  onFile,
}: {
  file: File | null;
  checking: boolean;
  progress: number | null;
  disabled: boolean;
  onFile: (file: File) => void;
}) {
  const { t, i18n } = useTranslation('reservations');
  const language = i18n.resolvedLanguage ?? 'es';
  const [dragging, setDragging] = useState(false);
  const number = new Intl.NumberFormat(intlLocale(language));

  const pick = (picked: File | null) => {
    if (picked && !disabled) onFile(picked);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    pick(event.dataTransfer.files[0] ?? null);
  };

  const chooser = (
    <FileButton onChange={pick} accept={IMPORT_ACCEPT}>
      {(props) => (
        <Button
          {...props}
          variant={file ? 'default' : 'filled'}
          leftSection={file ? <IconReplace size={16} aria-hidden /> : <IconUpload size={16} aria-hidden />}
          disabled={disabled || checking}
        >
          {t(file ? 'import.upload.replace' : 'import.upload.choose')}
        </Button>
      )}
    </FileButton>
  );

  return (
    <StepCard step={2} headingId="import-step-upload" title={t('import.steps.upload')}>
      <Paper
        withBorder
        radius="lg"
        p={{ base: 'md', sm: 'xl' }}
        data-testid="import-dropzone"
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        style={{
          borderStyle: 'dashed',
          borderWidth: 2,
          borderColor: dragging ? 'var(--mantine-color-posada-5)' : undefined,
          background: dragging ? 'var(--mantine-color-posada-0)' : undefined,
        }}
      >
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
            {checking ? <Loader size="sm" /> : <IconFileUpload size={28} stroke={1.6} />}
          </ThemeIcon>
          {file ? (
            <Box>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {file.name}
              </Text>
              <Text size="sm" c="dimmed">
                {formatBytes(file.size, language)}
              </Text>
            </Box>
          ) : (
            <Text fw={600}>{t('import.upload.drop')}</Text>
          )}
          <Text size="sm" c="dimmed">
            {t('import.upload.limits', {
              max: number.format(MAX_MEGABYTES),
              rows: number.format(BOOKING_IMPORT_MAX_ROWS),
            })}
          </Text>
          <Group justify="center">{chooser}</Group>
          {checking && progress !== null && progress < 1 ? (
            <Progress
              value={progress * 100}
              w="100%"
              maw={320}
              aria-label={t('import.upload.progress')}
              size="sm"
            />
          ) : null}
        </Stack>
      </Paper>
    </StepCard>
  );
}
