import { Button, Group, Modal, Stack, Text, Textarea, ThemeIcon } from '@mantine/core';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { whatsAppLink } from '../../config/support.ts';

/**
 * spec 2.3 messaging modal: "Contact us by WhatsApp". It prepares a message and opens WhatsApp with it
 * (wa.me); nothing is sent from here.
 */
export function MessagingModal({
  opened,
  onClose,
  userName,
  userEmail,
}: {
  opened: boolean;
  onClose: () => void;
  userName?: string;
  userEmail?: string;
}) {
  const { t } = useTranslation('shell');
  const prefill = userName
    ? t('messaging.prefillUser', { name: userName, email: userEmail ?? '' })
    : t('messaging.prefill');
  const [message, setMessage] = useState(prefill);
  useEffect(() => {
    if (opened) setMessage(prefill);
  }, [opened, prefill]);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      radius="lg"
      title={
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon color="green" variant="light" radius="xl" size="lg">
            <IconBrandWhatsapp size={20} aria-hidden />
          </ThemeIcon>
          <Text fw={650}>{t('messaging.title')}</Text>
        </Group>
      }
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('messaging.description')}
        </Text>
        <Textarea
          label={t('messaging.messageLabel')}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          autosize
          minRows={3}
          maxRows={8}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            component="a"
            href={whatsAppLink(message.trim())}
            target="_blank"
            rel="noopener noreferrer"
            color="green"
            leftSection={<IconBrandWhatsapp size={18} aria-hidden />}
            onClick={onClose}
          >
            {t('messaging.open')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t('messaging.note')}
        </Text>
      </Stack>
    </Modal>
  );
}
