import { Card, Group, Radio, Stack, Text } from '@mantine/core';
import type { Locale } from '@posada/contracts/users';
import { useTranslation } from 'react-i18next';
import { languageOptions } from '../../../lib/languages.ts';
import { useChangeLanguage } from '../../../lib/use-change-language.ts';

/** spec 2.2 profile/config-language: the interface language, kept on the account (e-mails follow it). */
export function LanguagePage() {
  const { t, i18n } = useTranslation('account');
  const changeLanguage = useChangeLanguage();
  const current = languageOptions.find((o) => i18n.resolvedLanguage?.startsWith(o.value))?.value ?? 'es';
  return (
    <Card withBorder radius="md" padding="lg">
      <Radio.Group
        value={current}
        onChange={(value) => void changeLanguage(value as Locale)}
        label={t('language.label')}
        description={t('language.hint')}
      >
        <Stack gap="sm" mt="md">
          {languageOptions.map((option) => (
            <Radio.Card key={option.value} value={option.value} radius="md" p="md" lang={option.value}>
              <Group gap="sm" wrap="nowrap">
                <Radio.Indicator />
                <Text fw={600} dir="auto">
                  {option.nativeName}
                </Text>
              </Group>
            </Radio.Card>
          ))}
        </Stack>
      </Radio.Group>
    </Card>
  );
}
