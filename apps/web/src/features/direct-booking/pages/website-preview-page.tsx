import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { directBookingPaths } from '@posada/contracts/direct-booking';
import {
  IconArrowLeft,
  IconDeviceDesktop,
  IconDeviceMobile,
  IconExternalLink,
  IconWorldOff,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import shellClasses from '../../../components/shell.module.css';
import { resolveRoutePath } from '../../../config/contract-routes.ts';
import { directBookingSettingsQuery } from '../api/direct-booking-api.ts';
import { CopyButton } from '../components/copy-button.tsx';
import { DirectBookingPlanPrompt } from '../components/plan-upgrade-prompt.tsx';
import { websiteState } from '../lib/units.ts';

type Device = 'desktop' | 'phone';
/** The phone frame's width: a common phone in CSS pixels. */
const PHONE_WIDTH = 390;

/** /prueba/website: the operator's own look at the public website (/book/{slug}), as guests see it. */
export function WebsitePreviewPage() {
  const { t, i18n } = useTranslation('direct-booking');
  const settings = useQuery(directBookingSettingsQuery());
  const [device, setDevice] = useState<Device>('desktop');
  const channels = resolveRoutePath('ChannelConnect');
  // The Channels screen opened on its "Reserva directa" tab.
  const channelsHref = channels ? `${channels}?tab=direct` : null;

  const header = (
    <PageHeader
      title={t('preview.title')}
      description={t('preview.description')}
      actions={
        channelsHref ? (
          <Button
            component={Link}
            to={channelsHref}
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden className={shellClasses.mirror} />}
          >
            {t('preview.back')}
          </Button>
        ) : null
      }
    />
  );

  if (settings.isPending) {
    return (
      <Stack gap="lg" aria-busy="true">
        {header}
        <Skeleton h={36} w={320} maw="100%" />
        <Skeleton h={560} radius="lg" />
      </Stack>
    );
  }
  if (settings.isError) {
    return (
      <Stack gap="lg">
        {header}
        <LoadError
          title={t('errors.load')}
          onRetry={() => void settings.refetch()}
          retrying={settings.isRefetching}
        />
      </Stack>
    );
  }

  const data = settings.data;
  const state = websiteState(data);
  const language = (i18n.resolvedLanguage ?? 'es').slice(0, 2);
  const frameSrc = `${directBookingPaths.sitePage(data.slug)}?lang=${language}`;
  return (
    <Stack gap="lg" data-testid="website-preview">
      {header}
      {state === 'no_plan' ? <DirectBookingPlanPrompt /> : null}
      {state === 'off' || state === 'no_plan' ? (
        <Alert
          color="orange"
          variant="light"
          radius="lg"
          icon={<IconWorldOff size={20} aria-hidden />}
          title={t('preview.offTitle')}
          data-testid="preview-off-notice"
        >
          <Text size="sm">{t('preview.offBody')}</Text>
          {channelsHref ? (
            <Anchor component={Link} to={channelsHref} size="sm" fw={600}>
              {t('preview.turnOn')}
            </Anchor>
          ) : null}
        </Alert>
      ) : state === 'no_units' ? (
        <Alert color="orange" variant="light" radius="lg" icon={<IconWorldOff size={20} aria-hidden />}>
          <Text size="sm">{t('state.noUnits')}</Text>
        </Alert>
      ) : null}

      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="sm">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              readOnly
              value={data.url}
              label={t('share.linkLabel')}
              dir="ltr"
              onFocus={(e) => e.currentTarget.select()}
              style={{ flex: '1 1 260px', minWidth: 0 }}
              data-testid="preview-url"
            />
            <Group gap="xs" wrap="wrap">
              <CopyButton
                value={data.url}
                label={t('share.copyLink')}
                copiedMessage={t('share.linkCopied')}
              />
              <Button
                component="a"
                href={data.url}
                target="_blank"
                rel="noopener noreferrer"
                variant="default"
                leftSection={<IconExternalLink size={16} aria-hidden />}
              >
                {t('preview.openNewTab')}
              </Button>
            </Group>
          </Group>
          <SegmentedControl
            value={device}
            onChange={(value) => setDevice(value as Device)}
            aria-label={t('preview.device')}
            data={[
              { value: 'desktop', label: <DeviceLabel icon="desktop" text={t('preview.desktop')} /> },
              { value: 'phone', label: <DeviceLabel icon="phone" text={t('preview.phone')} /> },
            ]}
            style={{ alignSelf: 'flex-start' }}
          />
        </Stack>
      </Paper>

      <Box
        bg="var(--mantine-color-gray-1)"
        p={device === 'phone' ? 'md' : 0}
        style={{ borderRadius: 'var(--mantine-radius-lg)', overflow: 'hidden' }}
      >
        <Box
          component="iframe"
          src={frameSrc}
          title={t('preview.frameTitle')}
          data-testid="preview-frame"
          data-device={device}
          style={{
            display: 'block',
            width: device === 'phone' ? `min(${PHONE_WIDTH}px, 100%)` : '100%',
            height: device === 'phone' ? 760 : '75dvh',
            minHeight: 520,
            margin: '0 auto',
            border: device === 'phone' ? '10px solid #1f2328' : '1px solid var(--mantine-color-gray-3)',
            borderRadius: device === 'phone' ? 36 : 'var(--mantine-radius-lg)',
            background: 'white',
          }}
        />
      </Box>
    </Stack>
  );
}

function DeviceLabel({ icon, text }: { icon: 'desktop' | 'phone'; text: string }) {
  const Icon = icon === 'desktop' ? IconDeviceDesktop : IconDeviceMobile;
  return (
    <Group gap={6} wrap="nowrap" justify="center">
      <Icon size={16} aria-hidden />
      <span>{text}</span>
    </Group>
  );
}
