import {
  Box,
  Button,
  CopyButton,
  Group,
  Image,
  Modal,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCheck, IconCopy, IconDownload, IconExternalLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.ts';
import { type CheckinLink, checkinLinkQuery } from '../api/checkins-api.ts';

const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** The QR generator loads only when a code must be drawn here (the API normally sends the SVG). */
async function qrDataUrl(text: string): Promise<string> {
  const { toDataURL } = await import('qrcode');
  return toDataURL(text, { width: 512, margin: 1, errorCorrectionLevel: 'M' });
}

/** A guest link: the QR to scan and the link to copy or open. */
export function LinkPanel({ link, name }: { link: CheckinLink; name: string }) {
  const { t } = useTranslation('checkins');
  const generated = useQuery({
    queryKey: ['qr', link.url],
    queryFn: () => qrDataUrl(link.url),
    enabled: !link.qr_svg,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const src = link.qr_svg ? svgDataUrl(link.qr_svg) : generated.data;
  return (
    <Stack gap="md" align="center" data-testid="checkin-link">
      <Box
        p={10}
        style={{ background: 'white', border: '1px solid var(--mantine-color-gray-3)', borderRadius: 16 }}
      >
        {src ? (
          <Image src={src} alt={t('link.qrAlt', { name })} w={220} h={220} data-testid="checkin-qr" />
        ) : (
          <Skeleton w={220} h={220} />
        )}
      </Box>
      <Text size="sm" c="dimmed" ta="center">
        {t('link.scanHint')}
      </Text>
      <TextInput
        readOnly
        value={link.url}
        label={t('link.label')}
        dir="ltr"
        w="100%"
        onFocus={(e) => e.currentTarget.select()}
        data-testid="checkin-link-url"
      />
      <Group gap="xs" justify="center">
        <CopyButton value={link.url}>
          {({ copied, copy }) => (
            <Button
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              onClick={() => {
                try {
                  copy();
                  notify.success(t('link.copied'));
                } catch {
                  notify.error(t('link.copyError'));
                }
              }}
            >
              {copied ? t('link.copiedShort') : t('link.copy')}
            </Button>
          )}
        </CopyButton>
        <Button
          variant="default"
          component="a"
          href={link.url}
          target="_blank"
          rel="noopener noreferrer"
          leftSection={<IconExternalLink size={16} aria-hidden />}
        >
          {t('link.open')}
        </Button>
        {src ? (
          <Button
            variant="default"
            component="a"
            href={src}
            download={`checkin-${name.replace(/[^\p{L}\p{N}]+/gu, '-').toLowerCase() || 'qr'}.${link.qr_svg ? 'svg' : 'png'}`}
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            {t('link.download')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

/** The link and QR of a check-in of the list (GET /api/checkins/{id}/link). */
export function LinkModal({
  checkin,
  onClose,
}: {
  checkin: { id: string; name: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('checkins');
  const query = useQuery({ ...checkinLinkQuery(checkin?.id ?? ''), enabled: Boolean(checkin) });
  return (
    <Modal
      opened={Boolean(checkin)}
      onClose={onClose}
      title={t('link.title', { name: checkin?.name ?? '' })}
      centered
    >
      {query.isPending ? (
        <Stack align="center" gap="md" aria-busy>
          <Skeleton w={240} h={240} radius="lg" />
          <Skeleton h={36} w="100%" />
        </Stack>
      ) : query.isError ? (
        <Text c="red" role="alert">
          {t('link.loadError')}
        </Text>
      ) : (
        <LinkPanel link={query.data} name={checkin?.name ?? ''} />
      )}
    </Modal>
  );
}
