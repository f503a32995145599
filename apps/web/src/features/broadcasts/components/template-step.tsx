import { Badge, Button, Group, Paper, Radio, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  type BroadcastSetup,
  type BroadcastVariable,
  broadcastVariables,
} from '@posada/contracts/broadcasts';
import { IconRefresh, IconTemplate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { notify } from '../../../lib/notify.ts';
import { useSyncTemplates } from '../api/broadcasts-api.ts';
import { apiErrorText } from '../lib/progress.ts';

/** What a numbered placeholder most likely holds, in order: the guest, the arrival, the property, the departure. */
export const defaultParams = (placeholders: number): BroadcastVariable[] =>
  Array.from(
    { length: placeholders },
    (_, i) => (['guest_name', 'arrival', 'property_name', 'departure'] as const)[i] ?? 'guest_name',
  );

function SyncButton() {
  const { t } = useTranslation('broadcasts');
  const sync = useSyncTemplates();
  return (
    <Button
      variant="light"
      size="xs"
      leftSection={<IconRefresh size={14} aria-hidden />}
      loading={sync.isPending}
      onClick={() =>
        sync.mutate(undefined, {
          onSuccess: () => notify.success(t('template.synced')),
          onError: (error) => notify.error(apiErrorText(error, t('errors.generic'))),
        })
      }
    >
      {t('template.sync')}
    </Button>
  );
}

/** Step 2: one of the account's approved WhatsApp templates, and what goes into each of its variables. */
export function TemplateStep({
  templates,
  value,
  onChange,
  params,
  onParamsChange,
}: {
  templates: BroadcastSetup['templates'];
  value: string | null;
  onChange: (id: string) => void;
  params: BroadcastVariable[];
  onParamsChange: (params: BroadcastVariable[]) => void;
}) {
  const { t } = useTranslation('broadcasts');
  if (templates.length === 0)
    return (
      <EmptyState
        icon={<IconTemplate size={28} aria-hidden />}
        title={t('template.emptyTitle')}
        description={t('template.emptyBody')}
        action={<SyncButton />}
      />
    );
  const chosen = templates.find((tpl) => tpl.id === value) ?? null;
  const options = broadcastVariables.map((v) => ({ value: v, label: t(`variables.${v}`) }));
  return (
    <Stack gap="md">
      <Radio.Group value={value} onChange={onChange} label={t('template.label')} name="broadcast-template">
        <Group justify="flex-end" mb="xs">
          <SyncButton />
        </Group>
        <Stack gap="sm">
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
      {chosen && chosen.placeholders > 0 ? (
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t('template.variables')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {Array.from({ length: chosen.placeholders }, (_, i) => (
              <Select
                // biome-ignore lint/suspicious/noArrayIndexKey: one select per numbered placeholder, in order
                key={i}
                label={t('template.placeholder', { n: i + 1 })}
                data={options}
                value={params[i] ?? null}
                allowDeselect={false}
                onChange={(next) => {
                  const copy = [...params];
                  copy[i] = (next ?? 'guest_name') as BroadcastVariable;
                  onParamsChange(copy);
                }}
              />
            ))}
          </SimpleGrid>
        </Stack>
      ) : null}
    </Stack>
  );
}
