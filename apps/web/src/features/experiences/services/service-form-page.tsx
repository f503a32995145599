import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { hasPremiumAccess } from '@posada/domain/subscription';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { PlanUpgradePrompt } from '../../../components/plan-upgrade-prompt.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useCurrentUser } from '../../../lib/use-session.ts';
import { serviceQuery } from '../api/services-api.ts';
import { ServiceForm } from './service-form.tsx';

/** The form's page in the Minimal layout: its title and, without premium access, the upgrade prompt. */
function FormFrame({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { t } = useTranslation(['experiences', 'common']);
  useDocumentTitle(`${title} · ${t('common:appName')}`);
  const user = useCurrentUser().data;
  const premium = user ? hasPremiumAccess(user) : true;
  return (
    <Stack gap="lg" maw={880} mx="auto">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
          {title}
        </Title>
        {subtitle ? (
          <Text c="dimmed" size="sm">
            {subtitle}
          </Text>
        ) : null}
      </Stack>
      {premium ? (
        children
      ) : (
        <PlanUpgradePrompt
          testId="experiences-upgrade"
          texts={{
            title: t('frame.upgrade.title'),
            body: t('frame.upgrade.body'),
            cta: t('frame.upgrade.cta'),
          }}
        />
      )}
    </Stack>
  );
}

/** createServicio (spec 2.2 create/services). */
export function CreateServicePage() {
  const { t } = useTranslation('experiences');
  return (
    <FormFrame title={t('form.newTitle')} subtitle={t('form.newSubtitle')}>
      <ServiceForm service={null} />
    </FormFrame>
  );
}

/** updateServicio (spec 2.2 update/{id}/service). */
export function UpdateServicePage() {
  const { t } = useTranslation('experiences');
  const { id = '' } = useParams();
  const query = useQuery(serviceQuery(id));
  if (query.isPending)
    return (
      <FormFrame title={t('form.editTitle')}>
        <Stack gap="lg" aria-hidden data-testid="service-form-skeleton">
          <Skeleton h={220} radius="lg" />
          <Skeleton h={320} radius="lg" />
          <Skeleton h={180} radius="lg" />
        </Stack>
      </FormFrame>
    );
  if (query.isError)
    return (
      <FormFrame title={t('form.editTitle')}>
        <LoadError
          title={
            query.error instanceof ApiError && query.error.status === 404
              ? t('form.notFound')
              : t('form.loadError')
          }
          onRetry={() => void query.refetch()}
          retrying={query.isRefetching}
        />
      </FormFrame>
    );
  return (
    <FormFrame title={t('form.editTitle')} subtitle={query.data.name}>
      <ServiceForm key={query.data.id} service={query.data} />
    </FormFrame>
  );
}
