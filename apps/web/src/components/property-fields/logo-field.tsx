import {
  Alert,
  Box,
  Button,
  FileButton,
  Group,
  Image,
  Loader,
  Paper,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { IconAlertCircle, IconPhotoUp, IconTrash, IconUpload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type DragEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadLogo } from '../../lib/api/properties-api.ts';
import { LOGO_ACCEPT, logoProblem } from '../../lib/logo.ts';
import { notify } from '../../lib/notify.ts';

/**
 * The property logo (PNG, JPG or SVG, at most 5 MB, 500×500 recommended): checked in the browser,
 * uploaded (POST /api/properties/logo), previewed, replaced or removed. `value` is the uploaded URL.
 * Used by the wizard's logo step and the name-property settings page.
 */
export function LogoField({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string | null;
  onChange: (url: string | null) => void;
  error?: string | null;
  disabled?: boolean;
}) {
  const { t } = useTranslation('properties');
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const upload = useMutation({
    mutationFn: uploadLogo,
    onSuccess: ({ url }) => {
      onChange(url);
      notify.success(t('logo.uploaded'));
    },
    onError: (failure) => {
      setProblem(failure.message);
      notify.error(failure.message, t('logo.uploadFailed'));
    },
  });

  const pick = (file: File | null) => {
    if (!file || disabled) return;
    const reason = logoProblem(file);
    if (reason) {
      const message = t(reason === 'type' ? 'logo.badType' : 'logo.tooBig');
      setProblem(message);
      notify.warning(message);
      return;
    }
    setProblem(null);
    upload.mutate(file);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    pick(event.dataTransfer.files[0] ?? null);
  };

  return (
    <Stack gap="md">
      {value ? (
        <Paper withBorder radius="lg" p="lg">
          <Group gap="lg" wrap="wrap">
            <Box
              w={128}
              h={128}
              style={{
                borderRadius: 16,
                border: '1px solid var(--mantine-color-gray-3)',
                background: 'var(--mantine-color-gray-0)',
                display: 'grid',
                placeItems: 'center',
                overflow: 'hidden',
              }}
            >
              <Image src={value} alt={t('logo.previewAlt')} maw={120} mah={120} fit="contain" />
            </Box>
            <Stack gap="xs">
              <Text fw={600}>{t('logo.ready')}</Text>
              <Group gap="xs">
                <FileButton onChange={pick} accept={LOGO_ACCEPT}>
                  {(props) => (
                    <Button
                      {...props}
                      variant="default"
                      leftSection={<IconUpload size={16} aria-hidden />}
                      loading={upload.isPending}
                      disabled={disabled}
                    >
                      {t('logo.replace')}
                    </Button>
                  )}
                </FileButton>
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  disabled={disabled}
                  onClick={() => {
                    setProblem(null);
                    onChange(null);
                  }}
                >
                  {t('logo.remove')}
                </Button>
              </Group>
            </Stack>
          </Group>
        </Paper>
      ) : (
        <Paper
          withBorder
          radius="lg"
          p="xl"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
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
            <ThemeIcon size={64} radius="xl" variant="light">
              {upload.isPending ? <Loader size="sm" /> : <IconPhotoUp size={30} stroke={1.6} aria-hidden />}
            </ThemeIcon>
            <Text fw={600}>{t('logo.drop')}</Text>
            <Text size="sm" c="dimmed">
              {t('logo.limits')}
            </Text>
            <FileButton onChange={pick} accept={LOGO_ACCEPT}>
              {(props) => (
                <Button
                  {...props}
                  leftSection={<IconUpload size={16} aria-hidden />}
                  loading={upload.isPending}
                  disabled={disabled}
                >
                  {t('logo.choose')}
                </Button>
              )}
            </FileButton>
          </Stack>
        </Paper>
      )}
      {(problem || error) && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
          {problem ?? error}
        </Alert>
      )}
    </Stack>
  );
}
