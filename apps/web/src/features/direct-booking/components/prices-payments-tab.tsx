import {
  Alert,
  Badge,
  Button,
  Fieldset,
  Group,
  NumberInput,
  Paper,
  Radio,
  SegmentedControl,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import type { DirectBookingPaymentType, DirectBookingSettings } from '@posada/contracts/direct-booking';
import type { Currency } from '@posada/contracts/properties';
import { IconCash, IconCreditCard, IconDeviceFloppy, IconInfoCircle } from '@tabler/icons-react';
import { Controller, type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api.ts';
import { countryMoney, currencyFormat } from '../../../lib/money.ts';
import { notify } from '../../../lib/notify.ts';
import { useSaveDiscount, useUpdateSettingsNow } from '../api/direct-booking-api.ts';
import {
  DISCOUNT_FIELD,
  type DiscountFormValues,
  discountBody,
  discountFormValues,
  validateDiscount,
} from '../lib/discount-form.ts';
import { notifyFailure } from '../lib/error-toast.ts';

/** Tab 2: how guests pay (saved at once) and the website's discount (a form with Save). */
export function PricesPaymentsTab({
  settings,
  currency,
  locked,
}: {
  settings: DirectBookingSettings;
  currency: Currency;
  locked: boolean;
}) {
  return (
    <Stack gap="lg">
      <PaymentTypeCard settings={settings} locked={locked} />
      <DiscountCard settings={settings} currency={currency} locked={locked} />
    </Stack>
  );
}

function PaymentTypeCard({ settings, locked }: { settings: DirectBookingSettings; locked: boolean }) {
  const { t } = useTranslation('direct-booking');
  const updateNow = useUpdateSettingsNow();
  const choose = (value: string) => {
    const payment_type = value as DirectBookingPaymentType;
    if (payment_type === settings.payment_type) return;
    updateNow.mutate(
      { payment_type },
      {
        onSuccess: () => notify.success(t('payment.saved')),
        onError: (error) => notifyFailure(t('errors.paymentType'), error),
      },
    );
  };
  const options: { value: DirectBookingPaymentType; icon: typeof IconCash; disabled: boolean }[] = [
    { value: 'on_arrival', icon: IconCash, disabled: false },
    { value: 'online', icon: IconCreditCard, disabled: !settings.online_payments_ready },
  ];
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Radio.Group
        value={settings.payment_type}
        onChange={choose}
        label={<Text fw={700}>{t('payment.title')}</Text>}
        description={t('payment.hint')}
      >
        <Stack gap="sm" mt="md">
          {options.map(({ value, icon: Icon, disabled }) => (
            <Radio.Card
              key={value}
              value={value}
              radius="md"
              p="md"
              disabled={locked || disabled}
              data-testid={`payment-type-${value}`}
              aria-label={t(`payment.${value}`)}
              style={{
                opacity: locked || disabled ? 0.65 : 1,
                cursor: locked || disabled ? 'not-allowed' : 'pointer',
              }}
            >
              <Group wrap="nowrap" align="flex-start" gap="md">
                <Radio.Indicator disabled={locked || disabled} />
                <Icon size={22} aria-hidden style={{ flexShrink: 0 }} />
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap="xs">
                    <Text fw={600}>{t(`payment.${value}`)}</Text>
                    {disabled ? (
                      <Badge size="sm" variant="light" color="gray" tt="none">
                        {t('payment.needsAccount')}
                      </Badge>
                    ) : null}
                  </Group>
                  <Text size="sm" c="dimmed">
                    {t(`payment.${value}Hint`)}
                  </Text>
                </Stack>
              </Group>
            </Radio.Card>
          ))}
        </Stack>
      </Radio.Group>
      {settings.online_payments_ready ? null : (
        <Alert
          mt="md"
          color="blue"
          variant="light"
          radius="md"
          icon={<IconInfoCircle size={18} aria-hidden />}
          data-testid="online-payments-note"
        >
          {t(
            settings.online_payments_missing === 'not_configured'
              ? 'payment.onlineNotConfigured'
              : settings.online_payments_missing === 'account_not_approved'
                ? 'payment.onlinePending'
                : 'payment.onlineNote',
          )}
        </Alert>
      )}
    </Paper>
  );
}

function DiscountCard({
  settings,
  currency,
  locked,
}: {
  settings: DirectBookingSettings;
  currency: Currency;
  locked: boolean;
}) {
  const { t } = useTranslation(['direct-booking', 'common']);
  const save = useSaveDiscount();
  const resolver: Resolver<DiscountFormValues> = async (values) => {
    const errors = validateDiscount(values, currency, (key, params) => t(key, params));
    if (Object.keys(errors).length === 0) return { values, errors: {} };
    const fieldErrors: FieldErrors<DiscountFormValues> = {};
    for (const [field, message] of Object.entries(errors)) {
      fieldErrors[field as keyof DiscountFormValues] = { type: 'validation', message };
    }
    return { values: {}, errors: fieldErrors };
  };
  const form = useForm<DiscountFormValues>({
    defaultValues: discountFormValues(settings, currency),
    resolver,
  });
  const enabled = form.watch('discount_enabled');
  const type = form.watch('discount_type');
  const format = currencyFormat(currency);

  const submit = form.handleSubmit((values) =>
    save.mutate(discountBody(values, currency), {
      onSuccess: () => {
        form.reset(values);
        notify.success(t('discount.saved'));
      },
      onError: (error) => {
        const message = error instanceof ApiError ? error.errors.discount_value?.[0] : undefined;
        if (message) form.setError(DISCOUNT_FIELD, { type: 'server', message }, { shouldFocus: true });
        notifyFailure(t('errors.saveSettings'), message ? null : error);
      },
    }),
  );

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={submit} noValidate>
        <Fieldset variant="unstyled" disabled={locked} p={0} m={0}>
          <Stack gap="md">
            <Group justify="space-between" wrap="nowrap" gap="md" align="flex-start">
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Text fw={700} id="discount-label">
                  {t('discount.title')}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('discount.hint')}
                </Text>
              </Stack>
              <Controller
                control={form.control}
                name="discount_enabled"
                render={({ field }) => (
                  <Switch
                    size="md"
                    checked={field.value}
                    onChange={(e) => {
                      field.onChange(e.currentTarget.checked);
                      form.clearErrors();
                    }}
                    aria-labelledby="discount-label"
                    data-testid="discount-enabled"
                  />
                )}
              />
            </Group>
            <Controller
              control={form.control}
              name="discount_type"
              render={({ field }) => (
                <Stack gap={6}>
                  <Text size="sm" fw={500} id="discount-type-label">
                    {t('discount.type')}
                  </Text>
                  <SegmentedControl
                    aria-labelledby="discount-type-label"
                    value={field.value}
                    onChange={(value) => {
                      field.onChange(value);
                      if (form.formState.isSubmitted) void form.trigger();
                    }}
                    disabled={locked || !enabled}
                    data={[
                      { value: 'percentage', label: t('discount.percentage') },
                      { value: 'fixed', label: t('discount.fixed', { currency }) },
                    ]}
                    fullWidth
                    maw={460}
                  />
                </Stack>
              )}
            />
            <Controller
              control={form.control}
              name="amount"
              render={({ field, fieldState }) => (
                <NumberInput
                  key={type}
                  label={t(type === 'percentage' ? 'discount.valuePercentage' : 'discount.valueFixed')}
                  description={
                    type === 'percentage'
                      ? t('discount.valuePercentageHint')
                      : t('discount.valueFixedHint', { example: countryMoney(1000, currency) })
                  }
                  value={field.value}
                  onChange={(value) =>
                    field.onChange(typeof value === 'number' ? value : value === '' ? '' : Number(value))
                  }
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={fieldState.error?.message}
                  disabled={locked || !enabled}
                  allowNegative={false}
                  allowDecimal={type === 'fixed' && format.shownDigits > 0}
                  decimalScale={type === 'fixed' ? format.shownDigits : 0}
                  decimalSeparator={type === 'fixed' ? format.decimalSeparator : undefined}
                  thousandSeparator={type === 'fixed' ? format.thousandSeparator : undefined}
                  // A value over the limit stays as typed: the message says what is wrong with it.
                  clampBehavior="none"
                  suffix={type === 'percentage' ? ' %' : undefined}
                  leftSection={type === 'fixed' ? <Text size="sm">{format.symbol}</Text> : undefined}
                  hideControls
                  maw={260}
                  inputMode={type === 'fixed' ? 'decimal' : 'numeric'}
                  data-testid="discount-value"
                />
              )}
            />
            <Group justify="flex-end">
              <Button
                type="submit"
                loading={save.isPending}
                disabled={locked}
                leftSection={<IconDeviceFloppy size={18} aria-hidden />}
              >
                {t('discount.save')}
              </Button>
            </Group>
          </Stack>
        </Fieldset>
      </form>
    </Paper>
  );
}
