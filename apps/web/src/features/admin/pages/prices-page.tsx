import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { PriceTable } from '@posada/domain/pricing';
import { IconDeviceFloppy, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { useCreatePriceBook, usePrices } from '../api/admin-billing-api.ts';
import { AddonsEditor } from '../components/addons-editor.tsx';
import { CouponsSection } from '../components/coupons-section.tsx';
import { PriceHistory } from '../components/price-history.tsx';
import { PriceTableEditor } from '../components/price-table-editor.tsx';

/**
 * manager/prices: the platform's price list (a new version per save; subscriptions keep the version they
 * were priced with until their next period) and the coupons.
 */
export function PricesPage() {
  const { t } = useTranslation('admin');
  const prices = usePrices();
  const save = useCreatePriceBook();
  const [draft, setDraft] = useState<PriceTable | null>(null);
  const [note, setNote] = useState('');
  const [problems, setProblems] = useState<string[]>([]);

  const current = prices.data?.current;
  useEffect(() => {
    if (current) setDraft(structuredClone(current.prices));
  }, [current]);

  const dirty = !!draft && !!current && JSON.stringify(draft) !== JSON.stringify(current.prices);

  const submit = () => {
    if (!draft || !current) return;
    modals.openConfirmModal({
      title: t('prices.confirmTitle', { version: current.version + 1 }),
      centered: true,
      children: <Text size="sm">{t('prices.confirmBody')}</Text>,
      labels: { confirm: t('prices.save'), cancel: t('common:actions.cancel') },
      onConfirm: () =>
        save.mutate(
          { prices: draft, note: note.trim() || undefined },
          {
            onSuccess: (data) => {
              setNote('');
              setProblems([]);
              notify.success(t('prices.saved', { version: data.current.version }));
            },
            onError: (error) => {
              if (error instanceof ApiError && Object.keys(error.errors).length) {
                setProblems([...new Set(Object.values(error.errors).flat())]);
              }
              notify.error(error.message);
            },
          },
        ),
    });
  };

  return (
    <Stack gap="lg">
      <PageHeader title={t('prices.title')} description={t('prices.subtitle')} />
      <Alert
        variant="light"
        color="blue"
        icon={<IconInfoCircle size={20} />}
        title={t('prices.newPeriodsTitle')}
      >
        {t('prices.newPeriodsText')}
      </Alert>
      {prices.isError ? (
        <LoadError title={t('prices.loadError')} onRetry={() => void prices.refetch()} />
      ) : !draft || !prices.data ? (
        <Stack gap="md" aria-busy>
          <Skeleton h={280} radius="md" />
          <Skeleton h={200} radius="md" />
        </Stack>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t('prices.editing', { version: prices.data.current.version })}
          </Text>
          <PriceTableEditor
            value={draft}
            onChange={setDraft}
            tierFloors={prices.data.tier_floors}
            annualMonths={prices.data.annual_months_charged}
            disabled={save.isPending}
          />
          <AddonsEditor
            value={draft}
            onChange={setDraft}
            annualMonths={prices.data.annual_months_charged}
            disabled={save.isPending}
          />
          <Paper withBorder radius="md" p="md">
            <Stack gap="sm">
              {problems.length ? (
                <Alert color="red" variant="light" title={t('prices.invalid')}>
                  {problems.join(' ')}
                </Alert>
              ) : null}
              <Textarea
                label={t('prices.note')}
                description={t('prices.noteHint')}
                value={note}
                onChange={(e) => setNote(e.currentTarget.value)}
                maxLength={300}
                autosize
                minRows={1}
              />
              <Group justify="flex-end" gap="sm">
                <Button
                  variant="default"
                  disabled={!dirty || save.isPending}
                  onClick={() => current && setDraft(structuredClone(current.prices))}
                >
                  {t('prices.discard')}
                </Button>
                <Button
                  leftSection={<IconDeviceFloppy size={18} />}
                  disabled={!dirty}
                  loading={save.isPending}
                  onClick={submit}
                >
                  {t('prices.saveVersion')}
                </Button>
              </Group>
            </Stack>
          </Paper>
          <PriceHistory history={prices.data.history} />
        </>
      )}
      <CouponsSection />
    </Stack>
  );
}
