import { Button, Grid, Stack, Text } from '@mantine/core';
import type { Pricing, Subscription, SubscriptionPreview } from '@posada/contracts/subscriptions';
import { IconEye } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.ts';
import { useChangeSubscription, usePreviewChange } from '../api/subscription-api.ts';
import {
  changesOf,
  initialChoice,
  liveQuote,
  type PlanChoice,
  toPriceTable,
  validUnits,
} from '../lib/plan-choice.ts';
import { ChangePreviewModal } from './change-preview-modal.tsx';
import { PlanPicker } from './plan-picker.tsx';
import { linesOfQuote, QuoteSummary } from './quote-summary.tsx';

/** spec 2.1 updateSubscription: change plan, period, units or add-ons, see the proration, confirm, apply. */
export function ChangeForm({ subscription, pricing }: { subscription: Subscription; pricing: Pricing }) {
  const { t } = useTranslation('subscription');
  const [choice, setChoice] = useState<PlanChoice>(() => initialChoice(subscription));
  const [preview, setPreview] = useState<SubscriptionPreview | null>(null);
  const table = useMemo(() => toPriceTable(pricing), [pricing]);
  const live = liveQuote(table, subscription.property_group, choice);
  const changes = changesOf(subscription, choice);
  const previewChange = usePreviewChange();
  const apply = useChangeSubscription();
  const unitsError = !validUnits(choice.units) ? t('units.required') : null;
  // spec 8: 'Error desconocido al actualizar la suscripción.' when the server says nothing better.
  const failed = (error: Error) => notify.error(error.message || t('errors.update'));

  const review = () => {
    if (!changes) return;
    previewChange.mutate({ changes }, { onSuccess: setPreview, onError: failed });
  };
  const confirm = () => {
    if (!changes) return;
    apply.mutate(
      { changes },
      {
        onSuccess: (updated) => {
          setPreview(null);
          setChoice(initialChoice(updated));
          notify.success(t('change.done'));
        },
        onError: failed,
      },
    );
  };

  return (
    <>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <PlanPicker
            pricing={pricing}
            group={subscription.property_group}
            choice={choice}
            onChange={setChoice}
            unitsError={unitsError}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md" pos="sticky" top={16}>
            <QuoteSummary
              lines={live ? linesOfQuote(live) : null}
              total={live?.total ?? null}
              currency={pricing.currency}
              period={choice.period}
            />
            <Button
              size="md"
              leftSection={<IconEye size={18} aria-hidden />}
              onClick={review}
              disabled={!changes}
              loading={previewChange.isPending}
              data-testid="review-change"
            >
              {t('change.review')}
            </Button>
            <Text size="xs" c="dimmed" ta="center">
              {changes ? t('change.reviewHint') : t('change.noChanges')}
            </Text>
          </Stack>
        </Grid.Col>
      </Grid>
      <ChangePreviewModal
        preview={preview}
        onClose={() => setPreview(null)}
        onConfirm={confirm}
        confirming={apply.isPending}
      />
    </>
  );
}
