import { Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFaceId, IconId } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SectionPage } from '../components/section-page.tsx';
import { SectionSwitch } from '../components/switch-card.tsx';
import { useSectionForm } from '../components/use-section-form.ts';

/** identity-verification: the guest's document is checked and compared with a selfie. */
export function IdentityVerificationPage() {
  const { t } = useTranslation('settings');
  const s = useSectionForm('identity-verification');
  const steps = [
    { key: 'document', icon: IconId },
    { key: 'selfie', icon: IconFaceId },
  ] as const;
  return (
    <SectionPage section="identity-verification" form={s}>
      <SectionSwitch
        form={s}
        icon={IconFaceId}
        label={t('identity.enabled')}
        description={t('identity.enabledHint')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {steps.map((step) => (
          <Paper key={step.key} withBorder radius="md" p="md">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon variant="light" radius="md" size={36}>
                <step.icon size={20} aria-hidden />
              </ThemeIcon>
              <Stack gap={2}>
                <Text fw={600} size="sm">
                  {t(`identity.${step.key}Title`)}
                </Text>
                <Text size="sm" c="dimmed">
                  {t(`identity.${step.key}Text`)}
                </Text>
              </Stack>
            </Group>
          </Paper>
        ))}
      </SimpleGrid>
    </SectionPage>
  );
}
