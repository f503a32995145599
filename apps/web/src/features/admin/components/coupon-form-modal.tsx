import {
  Button,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { type CreateCouponBody, couponDurations } from '@posada/contracts/admin-billing';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { useCreateCoupon } from '../api/admin-billing-api.ts';

type Kind = 'percent' | 'amount';
interface Draft {
  code: string;
  kind: Kind;
  value: number | '';
  duration: (typeof couponDurations)[number];
  months: number | '';
  maxRedemptions: number | '';
  validUntil: string;
}
const EMPTY: Draft = {
  code: '',
  kind: 'percent',
  value: '',
  duration: 'once',
  months: '',
  maxRedemptions: '',
  validUntil: '',
};

/** "Nuevo cupón": a percentage (1–100) or a fixed amount, once, forever or for some months, with limits. */
export function CouponFormModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const create = useCreateCoupon();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const close = () => {
    setDraft(EMPTY);
    setErrors({});
    setAlert(null);
    onClose();
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (draft.code.trim().length < 3) local.code = t('coupons.form.codeRequired');
    if (draft.value === '') local.value = t('coupons.form.valueRequired');
    if (draft.duration === 'repeating' && draft.months === '')
      local.duration_months = t('coupons.form.monthsRequired');
    setErrors(local);
    if (Object.keys(local).length) return;
    const value = Number(draft.value);
    const body: CreateCouponBody = {
      code: draft.code.trim(),
      percent_off: draft.kind === 'percent' ? Math.round(value) : null,
      amount_off: draft.kind === 'amount' ? Math.round(value * 100) : null,
      duration: draft.duration,
      duration_months: draft.duration === 'repeating' ? Number(draft.months) : null,
      max_redemptions: draft.maxRedemptions === '' ? null : Number(draft.maxRedemptions),
      valid_until: draft.validUntil || null,
    };
    setAlert(null);
    create.mutate(body, {
      onSuccess: (coupon) => {
        notify.success(t('coupons.created', { code: coupon.code }));
        close();
      },
      onError: (error) => {
        if (error instanceof ApiError && Object.keys(error.errors).length) {
          const mapped: Record<string, string> = {};
          for (const [field, messages] of Object.entries(error.errors)) {
            const key = field === 'percent_off' || field === 'amount_off' ? 'value' : field;
            mapped[key] = messages[0] ?? '';
          }
          setErrors(mapped);
        } else setAlert(error.message || t('common:errors.unexpected'));
      },
    });
  };

  return (
    <Modal opened={opened} onClose={close} title={t('coupons.form.title')} centered size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {alert ? <FormAlert>{alert}</FormAlert> : null}
          <TextInput
            label={t('coupons.form.code')}
            description={t('coupons.form.codeHint')}
            value={draft.code}
            onChange={(e) => set('code', e.currentTarget.value.toUpperCase())}
            error={errors.code}
            autoComplete="off"
            spellCheck={false}
            data-autofocus
            required
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          <Stack gap={6}>
            <Text size="sm" fw={500} id="coupon-kind">
              {t('coupons.form.kind')}
            </Text>
            <SegmentedControl
              aria-labelledby="coupon-kind"
              value={draft.kind}
              onChange={(v) => set('kind', v as Kind)}
              data={[
                { value: 'percent', label: t('coupons.form.percent') },
                { value: 'amount', label: t('coupons.form.amount') },
              ]}
              fullWidth
            />
          </Stack>
          <NumberInput
            label={draft.kind === 'percent' ? t('coupons.form.percentValue') : t('coupons.form.amountValue')}
            value={draft.value}
            onChange={(v) => set('value', v === '' ? '' : Number(v))}
            min={draft.kind === 'percent' ? 1 : 0.01}
            max={draft.kind === 'percent' ? 100 : undefined}
            decimalScale={draft.kind === 'percent' ? 0 : 2}
            suffix={draft.kind === 'percent' ? ' %' : ' €'}
            error={errors.value}
            required
          />
          <Select
            label={t('coupons.form.duration')}
            value={draft.duration}
            onChange={(v) => set('duration', (v ?? 'once') as Draft['duration'])}
            data={couponDurations.map((d) => ({ value: d, label: t(`coupons.durations.${d}`) }))}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          {draft.duration === 'repeating' ? (
            <NumberInput
              label={t('coupons.form.months')}
              value={draft.months}
              onChange={(v) => set('months', v === '' ? '' : Number(v))}
              min={1}
              max={36}
              allowDecimal={false}
              error={errors.duration_months}
              required
            />
          ) : null}
          <NumberInput
            label={t('coupons.form.maxRedemptions')}
            description={t('coupons.form.optional')}
            value={draft.maxRedemptions}
            onChange={(v) => set('maxRedemptions', v === '' ? '' : Number(v))}
            min={1}
            allowDecimal={false}
            error={errors.max_redemptions}
          />
          <DateField
            label={t('coupons.form.validUntil')}
            description={t('coupons.form.optional')}
            value={draft.validUntil}
            onChange={(v) => set('validUntil', v)}
            error={errors.valid_until}
            clearable
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('coupons.form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
