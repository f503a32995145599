import { Badge, Card, Code, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  type IntegrationStatus,
  type IntegrationsList,
  integrationsPath,
} from '@posada/contracts/integrations';
import { IconPlugConnected } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { api } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/intl.ts';

export const integrationsKey = ['account', 'integrations'] as const;

/** The adapter's error code 'whatsapp.unauthorized' → its kind, which has plain words ('unauthorized'). */
const errorKinds = [
  'unauthorized',
  'rejected',
  'server_error',
  'unreachable',
  'timeout',
  'invalid_response',
  'private_host',
  'invalid_url',
];
const kindOf = (code: string) => {
  const kind = code.slice(code.indexOf('.') + 1);
  return errorKinds.includes(kind) ? kind : 'unknown';
};

type State = 'notConfigured' | 'failing' | 'working' | 'configured';
const stateOf = (item: IntegrationStatus): State => {
  if (!item.configured) return 'notConfigured';
  if (item.last_error && (!item.last_success_at || item.last_error.at > item.last_success_at))
    return 'failing';
  return item.last_success_at ? 'working' : 'configured';
};
const stateColor: Record<State, string> = {
  notConfigured: 'gray',
  failing: 'red',
  working: 'green',
  configured: 'blue',
};

/** spec 2.2 profile/integrations: the outside services, whether each is set up and how its last call went. */
export function IntegrationsPage() {
  const { t } = useTranslation('account');
  const list = useQuery({
    queryKey: integrationsKey,
    queryFn: () => api.get<IntegrationsList>(integrationsPath),
  });
  return (
    <Stack gap="md">
      <div>
        <Title order={2} fz="h4">
          {t('integrations.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('integrations.hint')}
        </Text>
      </div>
      {list.isPending ? (
        <Stack gap="sm" aria-busy="true">
          <Skeleton h={96} />
          <Skeleton h={96} />
          <Skeleton h={96} />
        </Stack>
      ) : list.isError ? (
        <LoadError title={t('integrations.loadError')} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState
          icon={<IconPlugConnected size={28} aria-hidden />}
          title={t('integrations.emptyTitle')}
          description={t('integrations.emptyHint')}
        />
      ) : (
        <Stack gap="sm">
          {list.data.items.map((item) => (
            <IntegrationCard key={item.name} item={item} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function IntegrationCard({ item }: { item: IntegrationStatus }) {
  const { t, i18n } = useTranslation('account');
  const locale = i18n.resolvedLanguage ?? 'es';
  // One date format per language (issue 13): "28 oct 2026, 08:15", Latin digits in Arabic.
  const when = (instant: string) => formatDateTime(instant, locale);
  // Each setting name is code, isolated left-to-right; the list words ("y", "و") come from the locale.
  const settings = new Intl.ListFormat(locale, { type: 'conjunction' })
    .formatToParts(item.settings)
    .map((part) =>
      part.type === 'element' ? (
        <Code key={part.value} dir="ltr">
          {part.value}
        </Code>
      ) : (
        part.value
      ),
    );
  const state = stateOf(item);
  const titleId = `integration-${item.name}`;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} fz="md" id={titleId}>
            {t(`integrations.names.${item.name}`)}
          </Title>
          <Badge color={stateColor[state]} variant="light" style={{ flexShrink: 0 }}>
            {t(`integrations.state.${state}`)}
          </Badge>
        </Group>
        <Text size="sm">{t(`integrations.uses.${item.name}`)}</Text>
        {item.configured ? null : (
          <Text size="sm" c="dimmed">
            {t('integrations.notConfigured')} {settings}
          </Text>
        )}
        {/* Twilio sends from a number or from a Messaging Service (issue 26): either completes the setup. */}
        {item.name === 'sms' && !item.configured ? (
          <Text size="sm" c="dimmed" data-testid="sms-sender-hint">
            {t('integrations.smsSender')}
          </Text>
        ) : null}
        {item.last_error ? (
          <Text size="sm" c="red.8">
            {t('integrations.lastError', {
              when: when(item.last_error.at),
              what: t(`integrations.errors.${kindOf(item.last_error.code)}`),
            })}
          </Text>
        ) : null}
        {item.last_success_at ? (
          <Text size="sm" c="dimmed">
            {t('integrations.lastSuccess', { when: when(item.last_success_at) })}
          </Text>
        ) : item.configured && !item.last_error ? (
          <Text size="sm" c="dimmed">
            {t('integrations.noCalls')}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
