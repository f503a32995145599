import {
  Alert,
  Anchor,
  Box,
  Button,
  Container,
  Grid,
  Group,
  Paper,
  Progress,
  Stack,
  Stepper,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ChannelCalendar } from '@posada/contracts/channels';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import shell from '../../../components/shell.module.css';
import { pathTo } from '../../../config/routes.ts';
import { ChannelLogo } from '../../../lib/channel-logo.tsx';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';
import { useCurrentUser } from '../../../lib/use-session.ts';
import { channelCalendarsQuery, type Unit, useSyncConnection } from '../api/channels-api.ts';
import { HelpVideoCard } from '../components/help-video-card.tsx';
import { DoneStep, ExportStep, UrlStep } from '../components/ota-steps.tsx';
import { ChannelsPlanPrompt } from '../components/plan-prompt.tsx';
import { sellsByRoom, type UnitErrors, UnitPicker } from '../components/unit-picker.tsx';
import { canConnectChannels, isCalendarChannel } from '../lib/channels-lib.ts';

const stepKeys = ['unit', 'url', 'export', 'done'] as const;

/**
 * spec 2.1 ChannelConnectOta: connect one unit to one channel, step by step: the unit, the channel's
 * export link (where to find it), our link (where to paste it), and the first sync's result.
 */
export function ChannelConnectOtaPage() {
  const { t } = useTranslation(['channels', 'common']);
  const { channel } = useParams();
  const [search] = useSearchParams();
  const isMobile = useIsMobile();
  const user = useCurrentUser().data;
  const properties = user?.properties ?? [];
  const [step, setStep] = useState(0);
  const [chosen, setUnit] = useState<Unit>({ propertyId: '', roomId: search.get('room_id') });
  // Until one is picked: the property chosen on the previous screen, else the one being worked with.
  const unit: Unit = chosen.propertyId
    ? chosen
    : {
        propertyId:
          search.get('property_id') ??
          user?.active_property_id ??
          (properties.length === 1 ? (properties[0]?.id ?? '') : ''),
        roomId: chosen.roomId,
      };
  const [unitErrors, setUnitErrors] = useState<UnitErrors>({});
  const [url, setUrl] = useState('');
  const [connection, setConnection] = useState<ChannelCalendar | null>(null);
  const sync = useSyncConnection();
  const existing = useQuery({ ...channelCalendarsQuery(), enabled: isCalendarChannel(channel) });
  const channelName = isCalendarChannel(channel) ? t(`names.${channel}`) : '';
  useDocumentTitle(`${t('ota.title', { channel: channelName })} · ${t('common:appName')}`);

  const back = (
    <Anchor component={Link} to={pathTo('ChannelConnect')} size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden className={shell.mirror} />
        {t('ota.back')}
      </Group>
    </Anchor>
  );

  if (!isCalendarChannel(channel)) {
    return (
      <Container size="md" px={0}>
        <Stack gap="lg">
          {back}
          <EmptyState icon={<UnknownChannelMark />} title={t('ota.unknownChannel')} />
        </Stack>
      </Container>
    );
  }

  const allowed = user ? canConnectChannels(user) : true;
  const property = properties.find((p) => p.id === unit.propertyId);
  const sameUnitCount = (existing.data ?? []).filter(
    (c) =>
      c.channel === channel &&
      c.property_id === unit.propertyId &&
      (c.room_id ?? null) === (unit.roomId ?? null),
  ).length;

  const unitNext = () => {
    const errors: UnitErrors = {
      property: unit.propertyId ? null : t('ota.unit.required'),
      room: sellsByRoom(property) && !unit.roomId ? t('ota.unit.roomRequired') : null,
    };
    setUnitErrors(errors);
    if (!errors.property && !errors.room) setStep(1);
  };
  const connected = (created: ChannelCalendar) => {
    setConnection(created);
    setStep(2);
    sync.mutate(created.id);
  };
  const restart = () => {
    setConnection(null);
    setUrl('');
    sync.reset();
    setStep(0);
  };

  const steps = stepKeys.map((key) => ({
    label: t(`ota.steps.${key}`, { channel: channelName }),
    description: t(`ota.steps.${key}Hint`, { channel: channelName }),
  }));
  const content = [
    <Stack gap="md" key="unit">
      <Text size="sm">{t('ota.unit.intro', { channel: channelName })}</Text>
      {properties.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('ota.unit.noProperties')}
        </Text>
      ) : (
        <UnitPicker properties={properties} value={unit} onChange={setUnit} errors={unitErrors} />
      )}
      {sameUnitCount > 0 ? (
        <Alert color="blue" variant="light" radius="md" p="sm">
          {t('ota.unit.existing', { count: sameUnitCount, channel: channelName })}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button
          onClick={unitNext}
          disabled={!allowed || properties.length === 0}
          rightSection={<IconArrowRight size={16} aria-hidden className={shell.mirror} />}
        >
          {t('ota.next')}
        </Button>
      </Group>
    </Stack>,
    <UrlStep
      key="url"
      channel={channel}
      unit={unit}
      url={url}
      onUrlChange={setUrl}
      onBack={() => setStep(0)}
      onConnected={connected}
      disabled={!allowed}
    />,
    connection ? (
      <ExportStep key="export" channel={channel} connection={connection} onNext={() => setStep(3)} />
    ) : null,
    connection ? (
      <DoneStep key="done" channel={channel} connection={connection} sync={sync} onAnother={restart} />
    ) : null,
  ];

  return (
    <Container size="lg" px={0}>
      <Stack gap="lg">
        {back}
        <Group gap="md" wrap="nowrap">
          <ChannelLogo channel={channel} size={48} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
              {t('ota.title', { channel: channelName })}
            </Title>
            <Text size="sm" c="dimmed">
              {t(`channelHints.${channel}`)}
            </Text>
          </Stack>
        </Group>
        {!allowed ? <ChannelsPlanPrompt /> : null}
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
              {isMobile ? (
                <Stack gap="md">
                  <Stack gap={6} aria-label={t('ota.stepper', { channel: channelName })}>
                    <Text size="xs" c="dimmed">
                      {`${step + 1} / ${steps.length}`}
                    </Text>
                    <Text fw={700}>{steps[step]?.label}</Text>
                    <Progress value={((step + 1) / steps.length) * 100} size="sm" radius="xl" aria-hidden />
                  </Stack>
                  {content[step]}
                </Stack>
              ) : (
                <Stepper
                  active={step}
                  size="sm"
                  allowNextStepsSelect={false}
                  aria-label={t('ota.stepper', { channel: channelName })}
                >
                  {steps.map((s, index) => (
                    <Stepper.Step
                      key={stepKeys[index]}
                      label={s.label}
                      aria-label={`${s.label}: ${s.description}`}
                    >
                      <Box pt="md">{content[index]}</Box>
                    </Stepper.Step>
                  ))}
                </Stepper>
              )}
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <HelpVideoCard channelName={channelName} />
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}

function UnknownChannelMark() {
  return <ChannelLogo channel="other" size={28} />;
}
