import { Alert, Button, Grid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { userDataQuery } from '../api/user-data.ts';
import { DashboardSkeleton } from '../components/dashboard-skeleton.tsx';
import { EmailCard } from '../components/email-card.tsx';
import { GettingStartedCard, hasPendingSetup } from '../components/getting-started-card.tsx';
import { NoPropertyCard, PropertyCard } from '../components/property-card.tsx';
import { SubscriptionCard } from '../components/subscription-card.tsx';

/** The empresa landing: a welcome with the active property, the subscription and the account state. */
export function DashboardPage() {
  const { t } = useTranslation(['dashboard', 'common']);
  useDocumentTitle(`${t('title')} · ${t('common:appName')}`);
  const { data, isPending, isError, refetch, isRefetching } = useQuery(userDataQuery);

  if (isPending) return <DashboardSkeleton />;
  if (isError) {
    return (
      <Alert
        color="red"
        variant="light"
        radius="lg"
        icon={<IconAlertCircle size={20} aria-hidden />}
        title={t('common:errors.retrieveUser')}
        role="alert"
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('loadErrorHint')}</Text>
          <Button
            size="xs"
            color="red"
            variant="white"
            leftSection={<IconRefresh size={14} aria-hidden />}
            loading={isRefetching}
            onClick={() => void refetch()}
          >
            {t('common:actions.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  const { user, property } = data;
  const firstName = user.name.trim().split(/\s+/)[0] ?? user.name;
  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('greeting', { name: firstName })}
        </Title>
        <Text c="dimmed">{property ? t('subtitle') : t('subtitleNoProperty')}</Text>
      </Stack>
      {/* Two independent columns, so a hidden card never leaves a hole. */}
      <Grid gutter="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            {property ? <PropertyCard property={property} user={user} /> : <NoPropertyCard />}
            {hasPendingSetup(user) && <GettingStartedCard user={user} />}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <SubscriptionCard user={user} />
            <EmailCard user={user} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
