import {
  Button,
  Grid,
  Group,
  Image,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  IconCheck,
  IconCopy,
  IconDeviceMobile,
  IconDownload,
  IconPrinter,
  IconQrcode,
  IconVectorBezier2,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { propertiesQuery } from '../../../../lib/api/properties-api.ts';
import i18n from '../../../../lib/i18n.ts';
import { notify } from '../../../../lib/notify.ts';
import { useSettingsContext } from '../../components/settings-context.ts';
import { LoadError, RoomsPageFrame } from '../components/rooms-page-frame.tsx';
import { type PosterLanguage, qrDownloadName, qrPosterHtml } from '../lib/qr-poster.ts';

/** The property's check-in link, from the property list (the same answer the list page caches). */
function useCheckinUrl(propertyId: string) {
  return useQuery({
    ...propertiesQuery,
    select: (data) => data.items.find((item) => item.id === propertyId)?.checkin_url ?? null,
  });
}

/** The QR generator loads only with this page (ARCHITECTURE §4 budgets). */
async function makeQr(url: string): Promise<{ png: string; svg: string }> {
  const qrcode = await import('qrcode');
  const options = {
    margin: 1,
    errorCorrectionLevel: 'M' as const,
    color: { dark: '#1a1b1e', light: '#ffffff' },
  };
  const [png, svg] = await Promise.all([
    qrcode.toDataURL(url, { ...options, width: 1024 }),
    qrcode.toString(url, { ...options, type: 'svg' }),
  ]);
  return { png, svg };
}

function download(href: string, fileName: string) {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
}

function printHtml(html: string) {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.style.cssText = 'position:fixed;width:0;height:0;border:0;inset-inline-start:-9999px';
  frame.srcdoc = html;
  frame.onload = () => {
    frame.contentWindow?.focus();
    frame.contentWindow?.print();
    setTimeout(() => frame.remove(), 60_000);
  };
  document.body.appendChild(frame);
}

/** The poster speaks the three languages; only the interface language is loaded up front. */
async function posterLanguages(): Promise<PosterLanguage[]> {
  const languages = ['es', 'en', 'ar'] as const;
  await i18n.loadLanguages([...languages]);
  return languages.map((lang) => {
    const t = i18n.getFixedT(lang, 'rooms');
    return {
      lang,
      title: t('qr.poster.title'),
      steps: [t('qr.poster.step1'), t('qr.poster.step2'), t('qr.poster.step3')],
    };
  });
}

/** QRPropiedad: the guest check-in link as a QR code to download (PNG, SVG), print as a poster, or copy. */
export function QrPage() {
  const { t } = useTranslation(['rooms', 'settings']);
  const { propertyId, settings } = useSettingsContext();
  useDocumentTitle(`${t('settings:pages.qr-property.title')} · ${settings.nombre}`);
  const link = useCheckinUrl(propertyId);
  const url = link.data ?? null;
  const qr = useQuery({
    queryKey: ['qr-code', url],
    queryFn: () => makeQr(url ?? ''),
    enabled: url !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
      notify.success(t('qr.copied'));
    } catch {
      notify.error(t('qr.copyFailed'));
    }
  };

  const downloadPng = () => {
    if (!qr.data) return;
    download(qr.data.png, qrDownloadName(settings.nombre, 'png'));
    notify.success(t('qr.downloaded', { format: 'PNG' }));
  };
  const downloadSvg = () => {
    if (!qr.data) return;
    const blobUrl = URL.createObjectURL(new Blob([qr.data.svg], { type: 'image/svg+xml' }));
    download(blobUrl, qrDownloadName(settings.nombre, 'svg'));
    setTimeout(() => URL.revokeObjectURL(blobUrl), 10_000);
    notify.success(t('qr.downloaded', { format: 'SVG' }));
  };
  const print = async () => {
    if (!qr.data || !url) return;
    let languages: PosterLanguage[];
    try {
      languages = await posterLanguages();
    } catch {
      notify.error(t('common:errors.network'));
      return;
    }
    printHtml(
      qrPosterHtml({
        name: settings.nombre,
        logo: settings.logo,
        qrSvg: qr.data.svg,
        url,
        languages,
        documentLang: i18n.resolvedLanguage ?? 'es',
      }),
    );
    notify.info(t('qr.printing'));
  };

  let body: React.ReactNode;
  if (link.isPending) {
    body = (
      <Paper withBorder radius="lg" p="xl" aria-hidden>
        <Group gap="xl" align="flex-start">
          <Skeleton w={240} h={240} radius="md" />
          <Stack gap="sm" style={{ flex: 1 }}>
            <Skeleton h={16} w="50%" />
            <Skeleton h={36} />
            <Skeleton h={36} w="70%" />
          </Stack>
        </Group>
      </Paper>
    );
  } else if (link.isError) {
    body = (
      <LoadError
        message={t('qr.loadError')}
        onRetry={() => void link.refetch()}
        retrying={link.isRefetching}
      />
    );
  } else if (!url) {
    body = (
      <Paper withBorder radius="lg">
        <EmptyState
          icon={<IconQrcode size={28} aria-hidden />}
          title={t('qr.noLink')}
          description={t('qr.noLinkHint')}
        />
      </Paper>
    );
  } else {
    body = (
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <Paper withBorder radius="lg" p="lg" h="100%">
            <Stack align="center" gap="sm">
              <div
                style={{
                  background: 'white',
                  padding: 12,
                  borderRadius: 16,
                  border: '1px solid var(--mantine-color-gray-3)',
                  width: '100%',
                  maxWidth: 260,
                  aspectRatio: '1',
                }}
              >
                {qr.data ? (
                  <Image src={qr.data.png} alt={t('qr.alt', { name: settings.nombre })} w="100%" h="100%" />
                ) : (
                  <Skeleton w="100%" h="100%" aria-label={t('qr.generating')} />
                )}
              </div>
              <Text size="sm" fw={600} ta="center" style={{ unicodeBidi: 'isolate' }}>
                {settings.nombre}
              </Text>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <Stack gap="lg">
            <Paper withBorder radius="lg" p="lg">
              <Stack gap="sm">
                <Title order={2} fz="h5">
                  {t('qr.linkTitle')}
                </Title>
                <Text size="sm" c="dimmed">
                  {t('qr.linkHint')}
                </Text>
                <Group gap="xs" wrap="nowrap" align="flex-end">
                  <TextInput
                    label={t('qr.linkLabel')}
                    value={url}
                    readOnly
                    dir="ltr"
                    onFocus={(event) => event.currentTarget.select()}
                    style={{ flex: 1, minWidth: 0 }}
                  />
                  <Button
                    variant={copied ? 'light' : 'default'}
                    color={copied ? 'teal' : undefined}
                    onClick={() => void copy()}
                    leftSection={
                      copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                    }
                  >
                    {copied ? t('qr.copiedShort') : t('qr.copy')}
                  </Button>
                </Group>
              </Stack>
            </Paper>
            <Paper withBorder radius="lg" p="lg">
              <Stack gap="sm">
                <Title order={2} fz="h5">
                  {t('qr.downloadTitle')}
                </Title>
                <Text size="sm" c="dimmed">
                  {t('qr.downloadHint')}
                </Text>
                <Group gap="sm">
                  <Button
                    leftSection={<IconDownload size={16} aria-hidden />}
                    onClick={downloadPng}
                    disabled={!qr.data}
                  >
                    {t('qr.downloadPng')}
                  </Button>
                  <Button
                    variant="light"
                    leftSection={<IconVectorBezier2 size={16} aria-hidden />}
                    onClick={downloadSvg}
                    disabled={!qr.data}
                  >
                    {t('qr.downloadSvg')}
                  </Button>
                  <Button
                    variant="default"
                    leftSection={<IconPrinter size={16} aria-hidden />}
                    onClick={() => void print()}
                    disabled={!qr.data}
                  >
                    {t('qr.print')}
                  </Button>
                </Group>
              </Stack>
            </Paper>
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon variant="light" radius="xl" size={32}>
                <IconDeviceMobile size={18} aria-hidden />
              </ThemeIcon>
              <Text size="sm" c="dimmed">
                {t('qr.howItWorks')}
              </Text>
            </Group>
          </Stack>
        </Grid.Col>
      </Grid>
    );
  }

  return <RoomsPageFrame page="qr-property">{body}</RoomsPageFrame>;
}
