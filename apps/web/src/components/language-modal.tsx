import { Group, Modal, Radio, Stack, Text } from '@mantine/core';
import type { Locale } from '@posada/contracts/users';
import { useTranslation } from 'react-i18next';
import { languageOption, languageOptions } from '../lib/languages.ts';
import { useChangeLanguage } from '../lib/use-change-language.ts';

/** spec 2.3 language modal: es, en and ar, each in its own name; applies at once. */
export function LanguageModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('shell');
  const changeLanguage = useChangeLanguage();
  const current = languageOption(i18n.resolvedLanguage).value;
  return (
    <Modal opened={opened} onClose={onClose} title={t('language.title')} centered radius="lg">
      <Radio.Group
        value={current}
        onChange={(value) => {
          onClose();
          void changeLanguage(value as Locale);
        }}
        label={t('language.description')}
        styles={{ label: { fontWeight: 400, color: 'var(--mantine-color-dimmed)', marginBottom: 12 } }}
      >
        <Stack gap="xs">
          {languageOptions.map((option) => (
            <Radio.Card key={option.value} value={option.value} radius="md" p="md" lang={option.value}>
              <Group wrap="nowrap" justify="space-between">
                <Text fw={600} dir={option.value === 'ar' ? 'rtl' : 'ltr'}>
                  {option.nativeName}
                </Text>
                <Radio.Indicator />
              </Group>
            </Radio.Card>
          ))}
        </Stack>
      </Radio.Group>
      <Text size="xs" c="dimmed" mt="md">
        {t('language.remembered')}
      </Text>
    </Modal>
  );
}
