import { Alert, Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { Booking } from '@posada/contracts/bookings';
import { CONCEPT_MAX, type GuestPayment } from '@posada/contracts/payments';
import type { Currency } from '@posada/contracts/properties';
import { IconAlertCircle, IconBrandWhatsapp, IconCheck, IconCopy, IconMail } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyInput } from '../../../components/money-input.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatMoneyIn } from '../../../lib/intl.ts';
import { notify } from '../../../lib/notify.ts';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';
import { useCreatePaymentLink } from './booking-payments-api.ts';
import { useShareLink } from './payment-hooks.ts';

/**
 * "Crear enlace de pago" (spec 8 payment link): a concept and an amount in the reservation's currency;
 * then the link, to copy or send by e-mail or WhatsApp. The API's refusals (price zero, no payment
 * provider configured, missing data, validation error) are shown in the user's words.
 */
export function PaymentLinkModal({
  opened,
  booking,
  onClose,
}: {
  opened: boolean;
  booking: Booking;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('payments');
  const isMobile = useIsMobile();
  const currency = booking.currency as Currency;
  const [concept, setConcept] = useState('');
  const [amount, setAmount] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<{ concept?: string; amount?: string }>({});
  const [created, setCreated] = useState<GuestPayment | null>(null);
  const create = useCreatePaymentLink(booking.id);
  const { share, pending } = useShareLink();

  const close = () => {
    setConcept('');
    setAmount(null);
    setError(null);
    setFieldErrors({});
    setCreated(null);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors: typeof fieldErrors = {};
    if (!concept.trim()) errors.concept = t('booking.form.conceptRequired');
    if (!amount || amount <= 0) errors.amount = t('booking.form.amountZero');
    setFieldErrors(errors);
    setError(null);
    if (Object.keys(errors).length > 0) return;
    create.mutate(
      { concept: concept.trim(), amount: amount ?? 0 },
      {
        onSuccess: (payment) => {
          setCreated(payment);
          notify.success(t('booking.toasts.created'));
        },
        onError: (err) => {
          const message =
            err instanceof ApiError && err.status === 0
              ? t('booking.errors.network')
              : err instanceof ApiError && err.message
                ? err.message
                : t('booking.errors.action');
          setError(message);
          notify.error(message);
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={created ? t('booking.form.createdTitle') : t('booking.form.title')}
      centered
      fullScreen={isMobile}
    >
      {created ? (
        <Stack gap="md">
          <Text size="sm">
            {t('booking.form.createdBody', {
              concept: created.concept,
              amount: formatMoneyIn(created.amount, currency, i18n.resolvedLanguage ?? 'es'),
            })}
          </Text>
          <TextInput
            label={t('booking.form.link')}
            value={created.checkout_url ?? ''}
            readOnly
            dir="ltr"
            onFocus={(e) => e.currentTarget.select()}
            data-testid="payment-link-url"
          />
          <Group gap="xs" wrap="wrap">
            <CopyButton value={created.checkout_url ?? ''}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  leftSection={
                    copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                  }
                  onClick={() => {
                    copy();
                    share(created, 'copy');
                  }}
                >
                  {copied ? t('booking.copied') : t('booking.copy')}
                </Button>
              )}
            </CopyButton>
            <Button
              variant="default"
              leftSection={<IconMail size={16} aria-hidden />}
              loading={pending}
              disabled={!created.guest_email}
              onClick={() => share(created, 'email')}
            >
              {t('booking.sendEmail')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconBrandWhatsapp size={16} aria-hidden />}
              loading={pending}
              disabled={!created.guest_phone}
              onClick={() => share(created, 'whatsapp')}
            >
              {t('booking.sendWhatsapp')}
            </Button>
          </Group>
          <Group justify="flex-end">
            <Button onClick={close}>{t('booking.form.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('booking.form.hint')}
            </Text>
            <TextInput
              label={t('booking.form.concept')}
              placeholder={t('booking.form.conceptPlaceholder')}
              value={concept}
              maxLength={CONCEPT_MAX}
              onChange={(e) => setConcept(e.currentTarget.value)}
              error={fieldErrors.concept}
              required
              data-autofocus
            />
            <MoneyInput
              label={t('booking.form.amount')}
              currency={currency}
              value={amount}
              onChange={setAmount}
              error={fieldErrors.amount}
              required
            />
            {error ? (
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertCircle size={18} aria-hidden />}
                role="alert"
              >
                {error}
              </Alert>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t('booking.form.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {t('booking.form.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
