import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import type { Advisor } from '@posada/contracts/admin';
import { IconId, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { MOBILE_QUERY } from '../../../config/theme.ts';
import { notify } from '../../../lib/notify.ts';
import { useAdvisors, useSetAdvisorActive } from '../api/admin-api.ts';
import { AdvisorFormModal } from '../components/advisor-form-modal.tsx';
import { AdvisorsList } from '../components/advisors-list.tsx';
import { AdvisorsTable } from '../components/advisors-table.tsx';

/** advisorsPage (/manager/advisors): the advisor codes registration accepts (spec 5). */
export function AdvisorsPage() {
  const { t } = useTranslation('admin');
  const isMobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const advisors = useAdvisors();
  const setActive = useSetAdvisorActive();
  const [formOpened, form] = useDisclosure(false);

  const apply = (advisor: Advisor, active: boolean) =>
    setActive.mutate(
      { id: advisor.id, active },
      {
        onSuccess: () =>
          notify.success(t(active ? 'advisors.activated' : 'advisors.deactivated', { name: advisor.name })),
        onError: (error) => notify.error(error.message),
      },
    );

  // Deactivating turns the code away at registration, so it is confirmed first; activating is not.
  const toggle = (advisor: Advisor) => {
    if (!advisor.active) return apply(advisor, true);
    modals.openConfirmModal({
      title: t('advisors.confirmTitle', { name: advisor.name }),
      centered: true,
      children: <Text size="sm">{t('advisors.confirmBody', { code: advisor.code })}</Text>,
      labels: { confirm: t('advisors.deactivate'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => apply(advisor, false),
    });
  };

  const list = advisors.data;
  const Rows = isMobile ? AdvisorsList : AdvisorsTable;
  const newButton = (
    <Button leftSection={<IconPlus size={18} />} onClick={form.open}>
      {t('advisors.new')}
    </Button>
  );

  return (
    <Stack gap="lg">
      <PageHeader title={t('advisors.title')} description={t('advisors.subtitle')} actions={newButton} />
      {advisors.isError ? (
        <Alert color="red" variant="light" title={t('advisors.loadError')}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{advisors.error.message}</Text>
            <Button size="xs" variant="default" onClick={() => void advisors.refetch()}>
              {t('common:actions.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Paper withBorder radius="md">
          {list && list.length === 0 ? (
            <EmptyState
              icon={<IconId size={30} />}
              title={t('advisors.emptyTitle')}
              description={t('advisors.emptyText')}
              action={
                <Button leftSection={<IconPlus size={18} />} onClick={form.open} mt="xs">
                  {t('advisors.emptyAction')}
                </Button>
              }
            />
          ) : (
            <Rows
              advisors={list}
              pendingId={setActive.isPending ? (setActive.variables?.id ?? null) : null}
              onToggle={toggle}
            />
          )}
        </Paper>
      )}
      <AdvisorFormModal opened={formOpened} onClose={form.close} />
    </Stack>
  );
}
