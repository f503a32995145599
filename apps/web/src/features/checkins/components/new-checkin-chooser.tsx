import { Modal, SimpleGrid, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { type Icon, IconMailForward, IconQrcode, IconUserEdit } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { pathTo } from '../../../config/routes.ts';

/** 'Options for a new check-in' (spec 2.4): manual entry, send a link, or show a QR to scan. */
export function NewCheckinChooser({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('checkins');
  const navigate = useNavigate();
  const options: Array<{ key: string; icon: Icon; to: string }> = [
    { key: 'manual', icon: IconUserEdit, to: pathTo('checkinManual') },
    { key: 'link', icon: IconMailForward, to: pathTo('checkinPrevieLink') },
    { key: 'qr', icon: IconQrcode, to: pathTo('checkinPrevieLink', undefined, { channel: 'qr' }) },
  ];
  return (
    <Modal opened={opened} onClose={onClose} title={t('chooser.title')} centered size="lg">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {options.map(({ key, icon: OptionIcon, to }) => (
          <UnstyledButton
            key={key}
            onClick={() => {
              onClose();
              void navigate(to);
            }}
            p="md"
            style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 12 }}
            data-testid={`new-checkin-${key}`}
          >
            <Stack gap={6}>
              <ThemeIcon size={40} radius="md" variant="light">
                <OptionIcon size={22} aria-hidden />
              </ThemeIcon>
              <Text fw={600}>{t(`chooser.${key}`)}</Text>
              <Text size="xs" c="dimmed">
                {t(`chooser.${key}Hint`)}
              </Text>
            </Stack>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Modal>
  );
}
