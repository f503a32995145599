import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import type { GenerateDescriptionBody, LocalizedText } from '@posada/contracts/properties';
import { IconAlertCircle, IconSparkles } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generateDescription } from '../../lib/api/properties-api.ts';
import { ApiError } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';

/**
 * "Generate with AI" (spec 2.3): asks the configured AI service for the description in es, en and ar.
 * Replacing text already written asks first; without a configured service the screen shows the
 * server's message and writes nothing. Used by the wizard's last step and the description settings page.
 */
export function GenerateDescription({
  request,
  hasText,
  onGenerated,
  disabled,
}: {
  /** What the description is written from (read when the button is pressed). */
  request: () => GenerateDescriptionBody;
  /** Whether any language already has text (then replacing it asks first). */
  hasText: boolean;
  onGenerated: (text: LocalizedText) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation(['properties', 'common']);
  const [unavailable, setUnavailable] = useState<string | null>(null);
  const generate = useMutation({
    mutationFn: () => generateDescription(request()),
    onSuccess: (text) => {
      setUnavailable(null);
      onGenerated({ es: text.es, en: text.en, ar: text.ar });
      notify.success(t('description.generated'));
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'ai.not_configured') {
        setUnavailable(error.message);
        notify.warning(t('description.notConfiguredTitle'));
        return;
      }
      notify.error(error.message, t('description.generateFailed'));
    },
  });

  const onGenerate = () => {
    if (!hasText) return generate.mutate();
    openConfirmModal({
      title: t('description.replaceTitle'),
      centered: true,
      radius: 'lg',
      children: <Text size="sm">{t('description.replaceBody')}</Text>,
      labels: { confirm: t('description.replace'), cancel: t('common:actions.cancel') },
      onConfirm: () => generate.mutate(),
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed" maw={420}>
          {t('description.aiHint')}
        </Text>
        <Button
          variant="light"
          leftSection={<IconSparkles size={16} aria-hidden />}
          onClick={onGenerate}
          loading={generate.isPending}
          disabled={disabled}
        >
          {t('description.generate')}
        </Button>
      </Group>
      {unavailable && (
        <Alert
          color="yellow"
          variant="light"
          radius="md"
          icon={<IconAlertCircle size={18} aria-hidden />}
          title={t('description.notConfiguredTitle')}
          role="alert"
          withCloseButton
          closeButtonLabel={t('common:actions.close')}
          onClose={() => setUnavailable(null)}
        >
          <Text size="sm">{unavailable}</Text>
          <Text size="sm" mt={4}>
            {t('description.notConfiguredHint')}
          </Text>
        </Alert>
      )}
    </Stack>
  );
}
