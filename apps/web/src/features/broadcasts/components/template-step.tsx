import { Badge, Group, Paper, Radio, Stack, Text } from '@mantine/core';
import type { BroadcastSetup } from '@posada/contracts/broadcasts';
import { IconTemplate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';

/** Step 2: one of the account's approved WhatsApp templates, with the variables it needs. */
export function TemplateStep({
  templates,
  value,
  onChange,
}: {
  templates: BroadcastSetup['templates'];
  value: string | null;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation('broadcasts');
  if (templates.length === 0)
    return (
      <EmptyState
        icon={<IconTemplate size={28} aria-hidden />}
        title={t('template.emptyTitle')}
        description={t('template.emptyBody')}
      />
    );
  return (
    <Radio.Group value={value} onChange={onChange} label={t('template.label')} name="broadcast-template">
      <Stack gap="sm" mt="xs">
        {templates.map((template) => (
          <Paper key={template.id} withBorder radius="md" p="md">
            <Radio
              value={template.id}
              disabled={!template.usable}
              label={
                <Group gap="xs">
                  <Text fw={600}>{template.name}</Text>
                  <Badge variant="light" size="sm">
                    {template.language}
                  </Badge>
                </Group>
              }
              description={
                <Stack gap={6} mt={4}>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {template.body}
                  </Text>
                  {template.variables.length > 0 ? (
                    <Group gap={6}>
                      <Text size="xs" c="dimmed">
                        {t('template.variables')}
                      </Text>
                      {template.variables.map((variable) => (
                        <Badge key={variable} size="xs" variant="outline">
                          {t(`variables.${variable}`, { defaultValue: variable })}
                        </Badge>
                      ))}
                    </Group>
                  ) : null}
                  {!template.usable ? (
                    <Text size="xs" c="orange">
                      {t('template.notUsable')}
                    </Text>
                  ) : null}
                </Stack>
              }
            />
          </Paper>
        ))}
      </Stack>
    </Radio.Group>
  );
}
