import {
  ActionIcon,
  Box,
  Button,
  CopyButton,
  Group,
  Image,
  Skeleton,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconDownload, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isRtl } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { qrFileName, qrPrintHtml } from '../lib/qr.ts';

/** The QR generator loads only with the page that shows codes (ARCHITECTURE §4 budgets). */
async function qrDataUrl(text: string): Promise<string> {
  const { toDataURL } = await import('qrcode');
  return toDataURL(text, { width: 512, margin: 1, errorCorrectionLevel: 'M' });
}

function printQr(html: string) {
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

/** A property's guest check-in link as a QR code: download as PNG, print, or copy the link. */
export function CheckinQr({ name, url }: { name: string; url: string }) {
  const { t, i18n } = useTranslation(['properties', 'common']);
  const qr = useQuery({
    queryKey: ['qr', url],
    queryFn: () => qrDataUrl(url),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const language = i18n.resolvedLanguage ?? 'es';

  return (
    <Group gap="md" wrap="nowrap" align="center">
      <Box
        w={112}
        h={112}
        p={6}
        style={{
          flexShrink: 0,
          background: 'white',
          border: '1px solid var(--mantine-color-gray-3)',
          borderRadius: 12,
        }}
      >
        {qr.data ? (
          <Image src={qr.data} alt={t('list.qrAlt', { name })} w={100} h={100} />
        ) : (
          <Skeleton w={100} h={100} aria-label={t('list.qrLoading')} />
        )}
      </Box>
      <Stack gap={6} style={{ minWidth: 0 }}>
        <Text size="sm" fw={600}>
          {t('list.qrTitle')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('list.qrHint')}
        </Text>
        <Group gap={6} wrap="wrap">
          <Button
            component="a"
            href={qr.data}
            download={qrFileName(name)}
            size="compact-sm"
            variant="light"
            leftSection={<IconDownload size={14} aria-hidden />}
            disabled={!qr.data}
            aria-label={t('list.downloadFor', { name })}
            onClick={() => notify.success(t('list.downloaded'))}
          >
            {t('list.download')}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconPrinter size={14} aria-hidden />}
            disabled={!qr.data}
            aria-label={t('list.printFor', { name })}
            onClick={() =>
              qr.data &&
              printQr(
                qrPrintHtml({
                  title: t('list.qrTitle'),
                  name,
                  instructions: t('list.printInstructions'),
                  image: qr.data,
                  url,
                  dir: isRtl(language) ? 'rtl' : 'ltr',
                  lang: language,
                }),
              )
            }
          >
            {t('list.print')}
          </Button>
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('list.copied') : t('list.copyLink')} withArrow>
                <ActionIcon
                  variant="subtle"
                  color={copied ? 'teal' : 'gray'}
                  onClick={() => {
                    copy();
                    notify.success(t('list.copied'));
                  }}
                  aria-label={t('list.copyLinkFor', { name })}
                >
                  {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Group>
  );
}
