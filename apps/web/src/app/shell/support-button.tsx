import {
  ActionIcon,
  Anchor,
  Button,
  Divider,
  Group,
  Popover,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconBrandWhatsapp, IconHeadset, IconMail, IconPhoneCall, IconX } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from '../../components/shell.module.css';
import { scheduleCallUrl, supportEmail } from '../../config/support.ts';

/** One way to reach support: an icon, a small caption and the link. */
function ContactRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <ThemeIcon variant="light" radius="xl">
        {icon}
      </ThemeIcon>
      <div>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        {children}
      </div>
    </Group>
  );
}

/** The floating help button of the Main layout: e-mail, WhatsApp (messaging modal) and a call. */
export function SupportButton({ onOpenMessaging }: { onOpenMessaging: () => void }) {
  const { t } = useTranslation('shell');
  const [opened, setOpened] = useState(false);
  return (
    <div className={classes.support}>
      <Popover
        opened={opened}
        onChange={setOpened}
        position="top-end"
        shadow="lg"
        radius="lg"
        width={320}
        trapFocus
        returnFocus
        withArrow
      >
        <Popover.Target>
          <Tooltip label={t('support.trigger')} disabled={opened} withArrow>
            <ActionIcon
              size={56}
              radius="xl"
              variant="filled"
              className={classes.supportTrigger}
              aria-label={t('support.trigger')}
              onClick={() => setOpened((o) => !o)}
            >
              {opened ? <IconX size={26} aria-hidden /> : <IconHeadset size={28} stroke={1.6} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        </Popover.Target>
        <Popover.Dropdown aria-label={t('support.title')} p="lg">
          <Stack gap="sm">
            <div>
              <Text fw={650}>{t('support.title')}</Text>
              <Text size="sm" c="dimmed">
                {t('support.description')}
              </Text>
            </div>
            <Button
              color="green"
              leftSection={<IconBrandWhatsapp size={18} aria-hidden />}
              onClick={() => {
                setOpened(false);
                onOpenMessaging();
              }}
              fullWidth
            >
              {t('support.whatsapp')}
            </Button>
            <Divider label={t('support.or')} labelPosition="center" />
            <ContactRow icon={<IconMail size={16} aria-hidden />} label={t('support.emailLabel')}>
              <Anchor href={`mailto:${supportEmail}`} size="sm" fw={600}>
                {supportEmail}
              </Anchor>
            </ContactRow>
            <ContactRow icon={<IconPhoneCall size={16} aria-hidden />} label={t('support.callLabel')}>
              <Anchor href={scheduleCallUrl} target="_blank" rel="noopener noreferrer" size="sm" fw={600}>
                {t('support.callLink')}
                <VisuallyHidden> ({t('newTab')})</VisuallyHidden>
              </Anchor>
            </ContactRow>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </div>
  );
}
