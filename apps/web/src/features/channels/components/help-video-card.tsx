import { Anchor, Badge, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBrandWhatsapp, IconExternalLink, IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { channelsHelpVideoUrl, supportEmail, whatsAppLink } from '../../../config/support.ts';

/**
 * spec 2.4 "Embedded help videos (… connecting channels …)": the slot for the video. It links to the
 * deployment's video (VITE_HELP_VIDEO_CHANNELS_URL); without one it says so and offers support.
 */
export function HelpVideoCard({ channelName }: { channelName: string }) {
  const { t } = useTranslation('channels');
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      component="aside"
      aria-labelledby="channels-help-video"
      data-testid="help-video"
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={44} radius="md" variant="light" color="red">
            <IconPlayerPlay size={24} aria-hidden />
          </ThemeIcon>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Badge size="xs" variant="light" color="red" radius="sm">
              {t('ota.help.videoLabel')}
            </Badge>
            <Text fw={700} id="channels-help-video">
              {t('ota.help.title')}
            </Text>
          </Stack>
        </Group>
        <Text size="sm" c="dimmed">
          {t('ota.help.body', { channel: channelName })}
        </Text>
        {channelsHelpVideoUrl ? (
          <Button
            component="a"
            href={channelsHelpVideoUrl}
            target="_blank"
            rel="noopener noreferrer"
            variant="light"
            color="red"
            leftSection={<IconPlayerPlay size={16} aria-hidden />}
            rightSection={<IconExternalLink size={14} aria-hidden />}
          >
            {t('ota.help.open')}
          </Button>
        ) : (
          <Stack gap={6}>
            <Text size="sm">{t('ota.help.unavailable')}</Text>
            <Group gap="md">
              <Anchor href={`mailto:${supportEmail}`} size="sm" fw={600}>
                {supportEmail}
              </Anchor>
              <Anchor
                href={whatsAppLink(t('ota.help.title'))}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
                fw={600}
              >
                <Group gap={4} component="span" wrap="nowrap">
                  <IconBrandWhatsapp size={16} aria-hidden />
                  WhatsApp
                </Group>
              </Anchor>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
