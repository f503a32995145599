import {
  Anchor,
  Badge,
  Group,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { AdminUserInformation } from '@posada/contracts/admin-billing';
import { IconArrowLeft, IconChecklist, IconClockHour4, IconUserQuestion } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { pathTo } from '../../../config/routes.ts';
import { MOBILE_QUERY } from '../../../config/theme.ts';
import { money } from '../../../lib/money.ts';
import { CHECKINS_PAGE_SIZE, useUserCheckins, useUserInformation } from '../api/admin-billing-api.ts';
import { AuditTrail } from '../components/audit-trail.tsx';
import { CheckinsTable } from '../components/checkins-table.tsx';
import { VerifiedBadge } from '../components/verified-badge.tsx';
import { formatDate } from '../lib/format.ts';
import { informationPath, parseInformationSlug } from '../lib/information-path.ts';

function Fact({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} component="div">
        {value}
      </Text>
    </Stack>
  );
}

function Summary({ info }: { info: AdminUserInformation }) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage ?? 'es';
  const a = info.account;
  return (
    <Paper withBorder radius="md" p="md">
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="md">
        <Fact label={t('information.email')} value={<span dir="ltr">{info.user.email}</span>} />
        <Fact
          label={t('users.columns.verified')}
          value={<VerifiedBadge verified={info.user.email_verified} />}
        />
        <Fact label={t('audit.fields.plan')} value={a?.plan ? t(`plans.${a.plan}`) : '—'} />
        <Fact
          label={t('audit.fields.state')}
          value={
            <Badge variant="light" size="sm">
              {a?.state
                ? t(`management.states.${a.state}`)
                : t(`status.${a?.status_subscription ?? 'demo'}`, {
                    defaultValue: a?.status_subscription ?? '—',
                  })}
            </Badge>
          }
        />
        <Fact
          label={t('audit.fields.trial_ends_at')}
          value={a?.trial_ends_at ? formatDate(a.trial_ends_at, language) : '—'}
        />
        <Fact
          label={t('information.amount')}
          value={a?.amount != null && a.currency ? money(a.amount, a.currency, language, 'admin') : '—'}
        />
      </SimpleGrid>
    </Paper>
  );
}

/**
 * accommodation-{accommodation_id}-manager-user-{user_id}-information: the user, their subscription and
 * properties, and their completed (retrive-checkins) or pending (retrive-checkins-pending) check-ins.
 */
export function UserInformationPage() {
  const { t } = useTranslation('admin');
  const isMobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const parsed = parseInformationSlug(params.information);
  const pending = location.pathname.endsWith('retrive-checkins-pending');
  const userId = parsed?.userId ?? '';
  const accommodationId = parsed?.accommodationId ?? null;
  const [page, setPage] = useState(1);
  const info = useUserInformation(userId);
  const checkins = useUserCheckins(userId, pending, accommodationId, page);

  if (!parsed || (info.isError && (info.error as { status?: number }).status === 404)) {
    return (
      <EmptyState
        icon={<IconUserQuestion size={28} />}
        title={t('information.notFoundTitle')}
        description={t('information.notFoundText')}
        action={
          <Anchor component={Link} to={pathTo('UsuariosManager')}>
            {t('information.backToUsers')}
          </Anchor>
        }
      />
    );
  }

  const data = info.data;
  const go = (nextAccommodation: string | null, nextPending: boolean) => {
    setPage(1);
    navigate(informationPath(nextAccommodation, userId, nextPending));
  };
  const list = checkins.data;
  const totalPages = list ? Math.max(1, Math.ceil(list.total / CHECKINS_PAGE_SIZE)) : 1;

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={pathTo('UsuariosManager')} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={16} style={{ transform: 'var(--rtl-flip, none)' }} />
          {t('information.backToUsers')}
        </Group>
      </Anchor>
      {info.isError ? (
        <LoadError title={t('information.loadError')} onRetry={() => void info.refetch()} />
      ) : !data ? (
        <Stack gap="md" aria-busy>
          <Skeleton h={40} w="50%" />
          <Skeleton h={90} radius="md" />
        </Stack>
      ) : (
        <>
          <PageHeader
            title={data.user.name}
            description={t('information.subtitle', { account: data.account?.name ?? '—' })}
          />
          <Summary info={data} />
          <Select
            label={t('information.property')}
            value={accommodationId ?? 'all'}
            onChange={(v) => go(!v || v === 'all' ? null : v, pending)}
            data={[
              { value: 'all', label: t('information.allProperties', { count: data.properties.length }) },
              ...data.properties.map((p) => ({
                value: p.id,
                label: t('information.propertyOption', {
                  name: p.name,
                  completed: p.checkins_completed,
                  pending: p.checkins_pending,
                }),
              })),
            ]}
            allowDeselect={false}
            maw={480}
            comboboxProps={{ withinPortal: true }}
          />
        </>
      )}
      <Tabs value={pending ? 'pending' : 'completed'} onChange={(v) => go(accommodationId, v === 'pending')}>
        <Tabs.List>
          <Tabs.Tab value="completed" leftSection={<IconChecklist size={16} />}>
            {t('information.tabs.completed')}
          </Tabs.Tab>
          <Tabs.Tab value="pending" leftSection={<IconClockHour4 size={16} />}>
            {t('information.tabs.pending')}
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {checkins.isError ? (
        <LoadError title={t('information.checkinsError')} onRetry={() => void checkins.refetch()} />
      ) : (
        <Paper withBorder radius="md">
          {list && list.items.length === 0 ? (
            <EmptyState
              icon={pending ? <IconClockHour4 size={28} /> : <IconChecklist size={28} />}
              title={pending ? t('information.emptyPendingTitle') : t('information.emptyCompletedTitle')}
              description={t('information.emptyText')}
            />
          ) : (
            <CheckinsTable rows={list?.items} loading={checkins.isFetching} mobile={isMobile} />
          )}
        </Paper>
      )}
      {list && totalPages > 1 ? (
        <Group justify="center">
          <Pagination total={totalPages} value={Math.min(page, totalPages)} onChange={setPage} />
        </Group>
      ) : null}
      {data?.account ? <AuditTrail accountId={data.account.id} title={t('management.accountTrail')} /> : null}
    </Stack>
  );
}
