import { Divider, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { deliveriesKeys, messagingChannelsQuery } from '../../../lib/api/deliveries-api.ts';
import { useDeliveryChanged } from '../../../lib/use-delivery-changed.ts';
import { ChannelHealthCard } from './channel-health.tsx';
import { ChannelOrderEditor } from './channel-order-editor.tsx';
import { TemplateReadinessList } from './template-readiness.tsx';

/**
 * Settings route Notifications, "Canales de mensajes" (issue 26): each channel's truth for this property,
 * the WhatsApp template of each guest kind with its state, and the channel order per kind.
 */
export function MessagingChannelsPanel({ propertyId }: { propertyId: string }) {
  const { t, i18n } = useTranslation('deliveries');
  const language = i18n.resolvedLanguage ?? 'es';
  const queryClient = useQueryClient();
  const query = useQuery(messagingChannelsQuery(propertyId, language));
  // Last accepted, last failed and the week's counts move with every record of the account.
  useDeliveryChanged(
    () => void queryClient.invalidateQueries({ queryKey: deliveriesKeys.channels(propertyId, language) }),
  );
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} data-testid="messaging-channels">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="h4">
            {t('channels.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('channels.description')}
          </Text>
        </Stack>
        {query.isPending ? (
          <Stack gap="sm" aria-busy="true">
            <SimpleGrid type="container" cols={{ base: 1, '1100px': 3 }} spacing="sm">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} h={150} radius="md" />
              ))}
            </SimpleGrid>
            <Skeleton h={140} radius="md" />
          </Stack>
        ) : query.isError ? (
          <LoadError
            title={t('channels.loadError')}
            onRetry={() => void query.refetch()}
            retrying={query.isRefetching}
          />
        ) : (
          <>
            <SimpleGrid type="container" cols={{ base: 1, '1100px': 3 }} spacing="sm">
              {query.data.channels.map((health) => (
                <ChannelHealthCard key={health.channel} health={health} />
              ))}
            </SimpleGrid>
            <Divider />
            <TemplateReadinessList templates={query.data.templates} />
            <Divider />
            <ChannelOrderEditor propertyId={propertyId} data={query.data} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
