import { Button, Grid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Pricing, Subscription } from '@posada/contracts/subscriptions';
import { IconCreditCard } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { quoteQuery, useCheckout } from '../api/subscription-api.ts';
import {
  choiceBody,
  initialChoice,
  liveQuote,
  type PlanChoice,
  toPriceTable,
  validUnits,
} from '../lib/plan-choice.ts';
import { PlanPicker } from './plan-picker.tsx';
import { linesOfQuote, QuoteSummary } from './quote-summary.tsx';

/** The first subscription: choose, see the price at once (domain quote, then the server's), pay on Checkout. */
export function CheckoutForm({ subscription, pricing }: { subscription: Subscription; pricing: Pricing }) {
  const { t } = useTranslation('subscription');
  const [choice, setChoice] = useState<PlanChoice>(() => initialChoice(subscription));
  const [showErrors, setShowErrors] = useState(false);
  const [couponError, setCouponError] = useState<string | null>(null);
  const table = useMemo(() => toPriceTable(pricing), [pricing]);
  const group = subscription.property_group;
  const live = liveQuote(table, group, choice);
  const body = choiceBody(choice);
  const [debounced] = useDebouncedValue(body, 350);
  const server = useQuery(quoteQuery(debounced));
  const serverCurrent =
    server.data && !server.isPlaceholderData && JSON.stringify(debounced) === JSON.stringify(body)
      ? server.data
      : null;
  const serverCouponError =
    server.error instanceof ApiError ? (server.error.errors.coupon?.[0] ?? null) : null;
  const checkout = useCheckout();

  const unitsError =
    (showErrors || choice.units === null) && !validUnits(choice.units) ? t('units.required') : null;
  const subscribe = () => {
    setShowErrors(true);
    if (!body) {
      document.querySelector<HTMLInputElement>('[data-testid="units-input"]')?.focus();
      return;
    }
    checkout.mutate(body, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) => {
        const coupon = error instanceof ApiError ? error.errors.coupon?.[0] : undefined;
        if (coupon) setCouponError(coupon);
        notify.error(error.message || t('errors.checkout'));
      },
    });
  };

  const lines = serverCurrent
    ? serverCurrent.lines.map((l) => ({ kind: l.kind, code: l.code, units: l.units, amount: l.amount }))
    : live
      ? linesOfQuote(live)
      : null;
  const total = serverCurrent ? serverCurrent.total : (live?.total ?? null);
  const perUnit = serverCurrent ? serverCurrent.annual_per_unit : null;

  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <PlanPicker
          pricing={pricing}
          group={group}
          choice={choice}
          onChange={(next) => {
            setChoice(next);
            if (next.coupon !== choice.coupon) setCouponError(null);
          }}
          unitsError={unitsError}
          extra={
            <TextInput
              label={t('coupon.label')}
              description={t('coupon.hint')}
              value={choice.coupon}
              onChange={(event) => {
                setChoice({ ...choice, coupon: event.currentTarget.value });
                setCouponError(null);
              }}
              error={couponError ?? serverCouponError ?? undefined}
              maw={280}
              dir="ltr"
              autoComplete="off"
            />
          }
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="md" pos="sticky" top={16}>
          <QuoteSummary
            lines={lines}
            total={total}
            currency={pricing.currency}
            period={choice.period}
            annualPerUnit={perUnit}
          />
          <Button
            size="md"
            leftSection={<IconCreditCard size={18} aria-hidden />}
            onClick={subscribe}
            loading={checkout.isPending}
            data-testid="subscribe"
          >
            {t('actions.subscribe')}
          </Button>
          <Text size="xs" c="dimmed" ta="center">
            {t('actions.subscribeHint')}
          </Text>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
