import { Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { MessageTemplate } from '@posada/contracts/whatsapp';
import { IconRefresh, IconTemplate } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { notify } from '../../../lib/notify.ts';
import { useSyncTemplates, whatsappTemplatesQuery } from '../api/whatsapp-api.ts';
import { errorText, preview } from '../lib/error-text.ts';

const statusColor: Record<MessageTemplate['status'], string> = {
  approved: 'teal',
  pending: 'yellow',
  rejected: 'red',
};

/** The WABA's templates (Meta approves them; only approved ones go out after the 24-hour window), with sync. */
export function TemplatesCard() {
  const { t } = useTranslation('whatsapp');
  const query = useQuery(whatsappTemplatesQuery());
  const sync = useSyncTemplates();

  const syncNow = () =>
    sync.mutate(undefined, {
      onSuccess: (list) => notify.success(t('templates.synced', { count: list.length })),
      onError: (error) => notify.error(errorText(error, t('errors.action'))),
    });

  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="md">
        <Group justify="space-between" gap="sm" align="flex-start">
          <div>
            <Title order={3} fz="h5">
              {t('templates.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('templates.hint')}
            </Text>
          </div>
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={sync.isPending}
            onClick={syncNow}
          >
            {t('templates.sync')}
          </Button>
        </Group>
        {query.isPending ? (
          <Stack gap="xs" aria-busy>
            <Skeleton h={28} />
            <Skeleton h={28} />
          </Stack>
        ) : query.isError ? (
          <LoadError
            title={t('errors.load')}
            onRetry={() => void query.refetch()}
            retrying={query.isRefetching}
          />
        ) : query.data.length === 0 ? (
          <EmptyState
            icon={<IconTemplate size={28} aria-hidden />}
            title={t('templates.emptyTitle')}
            description={t('templates.emptyText')}
          />
        ) : (
          <Table.ScrollContainer type="native" minWidth={560}>
            <Table verticalSpacing="xs" aria-label={t('templates.title')} data-testid="waba-templates">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('templates.columns.name')}</Table.Th>
                  <Table.Th>{t('templates.columns.language')}</Table.Th>
                  <Table.Th>{t('templates.columns.status')}</Table.Th>
                  <Table.Th>{t('templates.columns.body')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data.map((template) => (
                  <Table.Tr key={template.id}>
                    <Table.Td>
                      <Text size="sm" ff="monospace" dir="ltr">
                        {template.name}
                      </Text>
                      {template.category ? (
                        <Text size="xs" c="dimmed">
                          {t(`templates.categories.${template.category}`, {
                            defaultValue: template.category,
                          })}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{template.language}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Badge
                        color={statusColor[template.status]}
                        variant="light"
                        tt="none"
                        styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
                      >
                        {t(`templates.status.${template.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" title={template.body} dir="auto">
                        {preview(template.body)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
