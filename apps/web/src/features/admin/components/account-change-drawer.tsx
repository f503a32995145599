import { Button, Checkbox, Drawer, Group, NumberInput, Select, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import {
  type AdminAccount,
  type AdminAccountChangeBody,
  subscriptionStateNames,
} from '@posada/contracts/admin-billing';
import { addonCodes, planCodes } from '@posada/domain/pricing';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { MOBILE_QUERY } from '../../../config/theme.ts';
import { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { useChangeAccount } from '../api/admin-billing-api.ts';
import { AuditTrail } from './audit-trail.tsx';

interface Draft {
  plan: string | null;
  units: number | '';
  addons: string[];
  trialEndsAt: string;
  state: string | null;
  reason: string;
}

const draftOf = (a: AdminAccount): Draft => ({
  plan: a.plan,
  units: a.units,
  addons: [...a.addons],
  trialEndsAt: a.trial_ends_at ? a.trial_ends_at.slice(0, 10) : '',
  state: a.state,
  reason: '',
});

/** The fields the admin changed, as the API takes them (unchanged ones are left out). */
function changes(account: AdminAccount, d: Draft): Omit<AdminAccountChangeBody, 'reason'> {
  const out: Omit<AdminAccountChangeBody, 'reason'> = {};
  if (d.plan && d.plan !== account.plan) out.plan = d.plan as AdminAccountChangeBody['plan'];
  if (d.units !== '' && d.units !== account.units) out.units = Number(d.units);
  if ([...d.addons].sort().join() !== [...account.addons].sort().join())
    out.addons = d.addons as AdminAccountChangeBody['addons'];
  if (d.trialEndsAt && d.trialEndsAt !== (account.trial_ends_at ?? '').slice(0, 10))
    out.trial_ends_at = d.trialEndsAt;
  if (d.state && d.state !== account.state) out.state = d.state as AdminAccountChangeBody['state'];
  return out;
}

/**
 * user_management's side panel: the account's current plan, units, add-ons, trial end and status, changed
 * with a required reason after a confirmation; the account's audit trail below.
 */
export function AccountChangeDrawer({
  account,
  onClose,
}: {
  account: AdminAccount | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const change = useChangeAccount();
  const isMobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);

  useEffect(() => {
    setDraft(account ? draftOf(account) : null);
    setErrors({});
    setAlert(null);
  }, [account]);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((d) => (d ? { ...d, [key]: value } : d));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!account || !draft) return;
    const diff = changes(account, draft);
    const local: Record<string, string> = {};
    if (!draft.reason.trim()) local.reason = t('management.reasonRequired');
    if (Object.keys(diff).length === 0) local.form = t('management.nothingChanged');
    setErrors(local);
    setAlert(local.form ?? null);
    if (Object.keys(local).length) return;
    modals.openConfirmModal({
      title: t('management.confirmTitle', { name: account.name }),
      centered: true,
      children: (
        <Stack gap={4}>
          {Object.entries(diff).map(([field, value]) => (
            <Text key={field} size="sm">
              {t(`audit.fields.${field}`)}:{' '}
              <b dir="auto">
                {Array.isArray(value) ? value.map((a) => t(`addons.${a}`)).join(', ') || '—' : String(value)}
              </b>
            </Text>
          ))}
          <Text size="sm" c="dimmed">
            {t('audit.reason')}: {draft.reason.trim()}
          </Text>
        </Stack>
      ),
      labels: { confirm: t('management.apply'), cancel: t('common:actions.cancel') },
      onConfirm: () =>
        change.mutate(
          { id: account.id, body: { ...diff, reason: draft.reason.trim() } },
          {
            onSuccess: ({ account: updated }) => {
              notify.success(t('management.saved', { name: updated.name }));
              setDraft(draftOf(updated));
            },
            onError: (error) => {
              if (error instanceof ApiError && Object.keys(error.errors).length) {
                setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0] ?? ''])));
              } else setAlert(error.message);
              notify.error(error.message);
            },
          },
        ),
    });
  };

  return (
    <Drawer
      opened={!!account}
      onClose={onClose}
      position="right"
      size={isMobile ? '100%' : 'lg'}
      title={account ? t('management.drawerTitle', { name: account.name }) : ''}
      styles={{ title: { fontWeight: 700 } }}
    >
      {account && draft ? (
        <Stack gap="lg">
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              {alert ? <FormAlert>{alert}</FormAlert> : null}
              <Text size="sm" c="dimmed">
                {account.owner_email ?? ''}
              </Text>
              <Group grow align="flex-start" wrap="wrap">
                <Select
                  label={t('audit.fields.plan')}
                  value={draft.plan}
                  onChange={(v) => set('plan', v)}
                  data={planCodes.map((p) => ({ value: p, label: t(`plans.${p}`) }))}
                  error={errors.plan}
                  comboboxProps={{ withinPortal: true }}
                  miw={140}
                />
                <NumberInput
                  label={t('audit.fields.units')}
                  value={draft.units}
                  onChange={(v) => set('units', v === '' ? '' : Number(v))}
                  min={1}
                  allowDecimal={false}
                  error={errors.units}
                  miw={120}
                />
              </Group>
              <Checkbox.Group
                label={t('audit.fields.addons')}
                value={draft.addons}
                onChange={(v) => set('addons', v)}
                error={errors.addons}
              >
                <Stack gap={6} mt={6}>
                  {addonCodes.map((code) => (
                    <Checkbox key={code} value={code} label={t(`addons.${code}`)} />
                  ))}
                </Stack>
              </Checkbox.Group>
              <Group grow align="flex-start" wrap="wrap">
                <DateField
                  label={t('audit.fields.trial_ends_at')}
                  value={draft.trialEndsAt}
                  onChange={(v) => set('trialEndsAt', v)}
                  error={errors.trial_ends_at}
                  miw={160}
                />
                <Select
                  label={t('audit.fields.state')}
                  value={draft.state}
                  onChange={(v) => set('state', v)}
                  data={subscriptionStateNames.map((s) => ({ value: s, label: t(`management.states.${s}`) }))}
                  error={errors.state}
                  placeholder={t('management.noSubscription')}
                  comboboxProps={{ withinPortal: true }}
                  miw={160}
                />
              </Group>
              <Textarea
                label={t('audit.reason')}
                description={t('management.reasonHint')}
                value={draft.reason}
                onChange={(e) => set('reason', e.currentTarget.value)}
                error={errors.reason}
                required
                autosize
                minRows={2}
                maxLength={500}
              />
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={onClose}>
                  {t('common:actions.cancel')}
                </Button>
                <Button type="submit" loading={change.isPending}>
                  {t('management.save')}
                </Button>
              </Group>
            </Stack>
          </form>
          <AuditTrail accountId={account.id} title={t('management.accountTrail')} />
        </Stack>
      ) : null}
    </Drawer>
  );
}
