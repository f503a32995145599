import { Anchor, Badge, Code, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TemplateReadiness } from '@posada/contracts/deliveries';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useDeliveryWords } from '../../../components/delivery/delivery-status.tsx';
import { pathTo } from '../../../config/routes.ts';

const stateColors: Record<string, string> = {
  approved: 'teal',
  pending: 'yellow',
  missing: 'gray',
  rejected: 'red',
  paused: 'orange',
  disabled: 'red',
  wrong_category: 'orange',
  unfillable: 'orange',
};
const knownStates = new Set(Object.keys(stateColors));

function StateBadge({ state }: { state: string }) {
  const { t } = useDeliveryWords();
  return (
    <Badge
      color={stateColors[state] ?? 'gray'}
      variant="light"
      tt="none"
      data-testid="template-state"
      data-state={state}
    >
      {knownStates.has(state) ? t(`templates.states.${state}`) : state}
    </Badge>
  );
}

/** What to do about a template in its state (create it, wait for Meta, fix it…). */
function todo(t: (key: string, options?: Record<string, unknown>) => string, item: TemplateReadiness) {
  const key = knownStates.has(item.state) ? item.state : 'other';
  return t(`templates.todo.${key}`, { category: item.category ?? '—' });
}

/**
 * The WhatsApp template each guest kind would use outside the 24-hour window, with its state and what to
 * do about it (issue 26): one block per kind, two side by side where the panel is wide enough.
 */
export function TemplateReadinessList({ templates }: { templates: TemplateReadiness[] }) {
  const words = useDeliveryWords();
  const { t } = words;
  const name = (item: TemplateReadiness) =>
    item.name ? (
      <Code dir="ltr">{item.name}</Code>
    ) : (
      <Text size="sm" c="dimmed" span>
        {t('templates.noName')}
      </Text>
    );
  const languages = (item: TemplateReadiness) => (item.languages.length ? item.languages.join(', ') : '—');
  return (
    <Stack gap="xs" data-testid="template-readiness">
      <Group justify="space-between" align="flex-end" gap="xs">
        <Stack gap={2} style={{ flex: '1 1 320px' }}>
          <Title order={3} fz="md">
            {t('templates.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('templates.description')}
          </Text>
        </Stack>
        <Anchor component={Link} to={pathTo('accountWaba')} size="sm">
          <Group gap={4} component="span" wrap="nowrap">
            {t('templates.manage')}
            <IconExternalLink size={14} aria-hidden />
          </Group>
        </Anchor>
      </Group>
      <SimpleGrid type="container" cols={{ base: 1, '680px': 2 }} spacing="sm" verticalSpacing="sm">
        {templates.map((item) => (
          <Stack
            key={item.kind}
            gap={4}
            p="sm"
            style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
            data-testid="template-row"
            data-kind={item.kind}
          >
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Text size="sm" fw={600}>
                {words.kind(item.kind)}
              </Text>
              <StateBadge state={item.state} />
            </Group>
            <Group gap={6} wrap="wrap">
              {name(item)}
              <Text size="xs" c="dimmed" span>
                {t('templates.languages')}: <bdi>{languages(item)}</bdi>
              </Text>
            </Group>
            <Text size="xs" c={item.state === 'approved' ? 'dimmed' : undefined}>
              {todo(t, item)}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
