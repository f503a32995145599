import {
  Box,
  Button,
  Code,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { DirectBookingSettings } from '@posada/contracts/direct-booking';
import { IconBrandWhatsapp, IconDownload, IconEye, IconShare } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../config/routes.ts';
import { notify } from '../../../lib/notify.ts';
import { buttonSnippet, iframeSnippet, qrFileName, whatsAppShareLink } from '../lib/share.ts';
import { CopyButton } from './copy-button.tsx';

/** The QR generator loads only when the Share tab is opened. */
async function makeQr(url: string): Promise<{ svg: string; png: string }> {
  const qrcode = await import('qrcode');
  const options = { margin: 1, errorCorrectionLevel: 'M' as const };
  const [svg, png] = await Promise.all([
    qrcode.toString(url, { ...options, type: 'svg' }),
    qrcode.toDataURL(url, { ...options, width: 1024 }),
  ]);
  return { svg, png };
}

const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** Tab 3: the website's link to copy, send or scan, the widget snippets, and the preview. */
export function ShareTab({ settings }: { settings: DirectBookingSettings }) {
  const { t } = useTranslation('direct-booking');
  const url = settings.url;
  const qr = useQuery({
    queryKey: ['direct-booking', 'qr', url],
    queryFn: () => makeQr(url),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const shareText = t('share.whatsappText', { url });
  const canShareNatively = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const shareNatively = async () => {
    try {
      await navigator.share({ title: t('share.shareTitle'), text: shareText, url });
    } catch (error) {
      // Closing the share sheet is not a failure.
      if ((error as Error).name !== 'AbortError') notify.error(t('errors.share'));
    }
  };

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="sm">
          <TextInput
            readOnly
            value={url}
            label={t('share.linkLabel')}
            description={t('share.linkHint')}
            dir="ltr"
            onFocus={(e) => e.currentTarget.select()}
            data-testid="direct-booking-url"
          />
          <Group gap="xs">
            <CopyButton value={url} label={t('share.copyLink')} copiedMessage={t('share.linkCopied')} />
            <Button
              component="a"
              href={whatsAppShareLink(shareText)}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
              color="green"
              leftSection={<IconBrandWhatsapp size={16} aria-hidden />}
              data-testid="share-whatsapp"
            >
              {t('share.whatsapp')}
            </Button>
            {canShareNatively ? (
              <Button
                variant="default"
                onClick={() => void shareNatively()}
                leftSection={<IconShare size={16} aria-hidden />}
              >
                {t('share.more')}
              </Button>
            ) : null}
            <Button
              component={Link}
              to={pathTo('previewWebsite')}
              variant="default"
              leftSection={<IconEye size={16} aria-hidden />}
              data-testid="open-preview"
            >
              {t('share.viewSite')}
            </Button>
          </Group>
        </Stack>
      </Paper>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="sm" align="center">
            <Text fw={700} style={{ alignSelf: 'stretch' }}>
              {t('share.qrTitle')}
            </Text>
            <Text size="sm" c="dimmed" style={{ alignSelf: 'stretch' }}>
              {t('share.qrHint')}
            </Text>
            <Box
              p={10}
              style={{
                background: 'white',
                border: '1px solid var(--mantine-color-gray-3)',
                borderRadius: 16,
              }}
            >
              {qr.data ? (
                <Image
                  src={svgDataUrl(qr.data.svg)}
                  alt={t('share.qrAlt')}
                  w={200}
                  h={200}
                  data-testid="direct-booking-qr"
                />
              ) : qr.isError ? (
                <Text size="sm" c="red" w={200} ta="center" role="alert">
                  {t('errors.qr')}
                </Text>
              ) : (
                <Skeleton w={200} h={200} />
              )}
            </Box>
            <Button
              component="a"
              href={qr.data?.png}
              download={qrFileName(settings.slug)}
              variant="default"
              disabled={!qr.data}
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => notify.success(t('share.qrDownloaded'))}
            >
              {t('share.qrDownload')}
            </Button>
          </Stack>
        </Paper>

        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <Stack gap={4}>
              <Text fw={700}>{t('share.widgetTitle')}</Text>
              <Text size="sm" c="dimmed">
                {t('share.widgetHint')}
              </Text>
            </Stack>
            <Snippet
              title={t('share.iframeTitle')}
              code={iframeSnippet(url, t('share.iframeName'))}
              copiedMessage={t('share.snippetCopied')}
              testId="snippet-iframe"
            />
            <Snippet
              title={t('share.buttonTitle')}
              code={buttonSnippet(url, t('share.buttonLabel'))}
              copiedMessage={t('share.snippetCopied')}
              testId="snippet-button"
            />
          </Stack>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}

function Snippet({
  title,
  code,
  copiedMessage,
  testId,
}: {
  title: string;
  code: string;
  copiedMessage: string;
  testId: string;
}) {
  const { t } = useTranslation('direct-booking');
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={600}>
          {title}
        </Text>
        <CopyButton
          value={code}
          label={t('share.copyCode')}
          copiedMessage={copiedMessage}
          variant="light"
          size="xs"
        />
      </Group>
      <Code
        block
        dir="ltr"
        data-testid={testId}
        style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: 140, overflow: 'auto' }}
      >
        {code}
      </Code>
    </Stack>
  );
}
