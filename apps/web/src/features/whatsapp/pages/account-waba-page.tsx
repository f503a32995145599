import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { PlanUpgradePrompt } from '../../../components/plan-upgrade-prompt.tsx';
import { whatsappAccountQuery } from '../api/whatsapp-api.ts';
import { ConnectionCard } from '../components/connection-card.tsx';
import { QuickRepliesCard } from '../components/quick-replies-card.tsx';
import { TemplatesCard } from '../components/templates-card.tsx';

export function WhatsAppHeader({ title, hint }: { title: string; hint: string }) {
  return (
    <div>
      <Title order={2} fz="h4">
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {hint}
      </Text>
    </div>
  );
}

/** spec 2.2 profile/account-waba: the business connection, its templates and the quick replies. */
export function AccountWabaPage() {
  const { t } = useTranslation('whatsapp');
  const query = useQuery(whatsappAccountQuery());
  const header = <WhatsAppHeader title={t('account.title')} hint={t('account.hint')} />;

  if (query.isPending)
    return (
      <Stack gap="md" aria-busy>
        {header}
        <Skeleton h={180} radius="lg" />
        <Skeleton h={140} radius="lg" />
      </Stack>
    );
  if (query.isError)
    return (
      <Stack gap="md">
        {header}
        <LoadError
          title={t('errors.load')}
          onRetry={() => void query.refetch()}
          retrying={query.isRefetching}
        />
      </Stack>
    );

  const account = query.data;
  return (
    <Stack gap="md">
      {header}
      {!account.feature_available ? (
        <PlanUpgradePrompt
          testId="waba-plan-prompt"
          texts={{ title: t('plan.title'), body: t('plan.body'), cta: t('plan.cta') }}
        />
      ) : null}
      <ConnectionCard account={account} />
      {account.status === 'connected' ? <TemplatesCard /> : null}
      <QuickRepliesCard />
    </Stack>
  );
}
