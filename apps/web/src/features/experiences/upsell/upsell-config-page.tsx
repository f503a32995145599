import { Alert, Anchor, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { UpsellConfig } from '@posada/contracts/experiences';
import { UPSELL_DAYS_BEFORE_MAX, upsellMoments } from '@posada/domain/experiences';
import {
  IconArrowLeft,
  IconArrowRight,
  IconCrown,
  IconDeviceFloppy,
  IconInfoCircle,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import classes from '../../../components/shell.module.css';
import { pathTo } from '../../../config/routes.ts';
import { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/use-session.ts';
import { configQuery, errorText, serviceOptionsQuery, useSaveConfig } from '../api/upselling-api.ts';
import { ExperiencesFrame } from '../components/experiences-frame.tsx';
import { defaultDays, MomentCard, type MomentValue } from './moment-card.tsx';

type FieldErrors = Record<number, { days?: string; service_ids?: string; enabled?: string }>;

/** The four moments in their fixed order, whatever order the API answers in. */
function toValues(config: UpsellConfig): MomentValue[] {
  return upsellMoments.map((moment) => {
    const found = config.moments.find((m) => m.moment === moment);
    return {
      moment,
      enabled: found?.enabled ?? false,
      days: found?.days ?? null,
      service_ids: found?.service_ids ?? [],
    };
  });
}

/** What the screen checks before sending (the API checks the same and its answer is shown too). */
function localErrors(values: MomentValue[], message: string): FieldErrors {
  const errors: FieldErrors = {};
  values.forEach((v, n) => {
    if (!v.enabled || !(v.moment in defaultDays)) return;
    if (v.days === null || v.days < 1 || v.days > UPSELL_DAYS_BEFORE_MAX) errors[n] = { days: message };
  });
  return errors;
}

/** The API's `errors` ("moments.2.days": […]) by moment and field. */
function apiErrors(errors: Record<string, string[]>): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, messages] of Object.entries(errors)) {
    const match = /^moments\.(\d+)\.(days|service_ids|enabled)/.exec(key);
    if (!match) continue;
    const n = Number(match[1]);
    const field = match[2] as 'days' | 'service_ids' | 'enabled';
    out[n] = { ...out[n], [field]: messages[0] };
  }
  return out;
}

/** upsellingConfig (spec 2.2 /config_properties_notifications/{id}/properties): when a property offers what. */
export function UpsellConfigPage() {
  const { t } = useTranslation('upselling');
  const { id = '' } = useParams();
  const config = useQuery(configQuery(id));
  const services = useQuery(serviceOptionsQuery());
  const save = useSaveConfig(id);
  const subscribed = useCurrentUser().data?.status_subscription === 'subscribed';
  const [values, setValues] = useState<MomentValue[] | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  useDocumentTitle(t('config.documentTitle', { name: config.data?.property_name ?? '' }));

  // The form starts from the first answer only: a later refetch never overwrites what was typed.
  useEffect(() => {
    if (config.data && values === null) setValues(toValues(config.data));
  }, [config.data, values]);

  const data = config.data;
  const selected = new Set(values?.flatMap((v) => v.service_ids) ?? []);
  const options = (services.data?.items ?? [])
    .filter((s) => (s.active && (s.property_id === null || s.property_id === id)) || selected.has(s.id))
    .map((s) => ({ value: s.id, label: s.active ? s.name : `${s.name} (${t('config.inactive')})` }));

  const submit = () => {
    if (!values) return;
    const local = localErrors(values, t('config.daysInvalid', { max: UPSELL_DAYS_BEFORE_MAX }));
    setErrors(local);
    if (Object.keys(local).length > 0) {
      notify.error(t('config.fixErrors'));
      return;
    }
    save.mutate(
      {
        moments: values.map((v) => ({
          moment: v.moment,
          enabled: v.enabled,
          days: v.moment in defaultDays ? v.days : null,
          service_ids: v.service_ids,
        })),
      },
      {
        onSuccess: (answer) => {
          setValues(toValues(answer));
          notify.success(t('config.saved'));
        },
        onError: (error) => {
          if (error instanceof ApiError) setErrors(apiErrors(error.errors));
          notify.error(errorText(error));
        },
      },
    );
  };

  return (
    <ExperiencesFrame tab="accommodations">
      <Anchor component={Link} to={pathTo('upsellingAccommodations')} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden className={classes.mirror} />
          {t('config.back')}
        </Group>
      </Anchor>
      {config.isError && !data ? (
        <LoadError title={t('loadError')} onRetry={() => config.refetch()} />
      ) : !data || !values ? (
        <Stack gap="md" aria-busy>
          <Skeleton h={32} w={280} />
          {upsellMoments.map((m) => (
            <Skeleton key={m} h={110} radius="md" />
          ))}
        </Stack>
      ) : (
        <Stack gap="md" maw={820}>
          <Stack gap={4}>
            <Title order={2} fz="h3" data-testid="config-title">
              {t('config.title', { name: data.property_name })}
            </Title>
            <Text size="sm" c="dimmed">
              {t('config.intro')} {t('config.sent', { count: data.sent })}
            </Text>
          </Stack>
          {!data.feature_available ? (
            <Alert color="grape" icon={<IconCrown size={18} aria-hidden />} title={t('config.planTitle')}>
              <Text size="sm">{t('config.planBody')}</Text>
              <Anchor
                component={Link}
                to={pathTo(subscribed ? 'updateSubscription' : 'pageSubscription')}
                size="sm"
              >
                {t('config.planCta')}
              </Anchor>
            </Alert>
          ) : !data.store_enabled ? (
            <Alert
              color="yellow"
              icon={<IconInfoCircle size={18} aria-hidden />}
              title={t('config.storeOffTitle')}
            >
              <Text size="sm">{t('config.storeOffBody')}</Text>
              <Anchor component={Link} to={pathTo('crossSellingProperty', { propertyId: id })} size="sm">
                <Group gap={4} component="span">
                  {t('config.storeSettings')}
                  <IconArrowRight size={14} aria-hidden className={classes.mirror} />
                </Group>
              </Anchor>
            </Alert>
          ) : data.store_type === 'external' ? (
            <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
              <Text size="sm">{t('config.externalBody')}</Text>
            </Alert>
          ) : null}
          {values.map((value, n) => (
            <MomentCard
              key={value.moment}
              value={value}
              onChange={(next) => {
                setValues((all) => (all ? all.map((v, i) => (i === n ? next : v)) : all));
                setErrors(({ [n]: _, ...rest }) => rest);
              }}
              options={options}
              channel={data.channel}
              errors={errors[n] ?? {}}
            />
          ))}
          <Group justify="flex-end">
            <Button
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
              onClick={submit}
              loading={save.isPending}
              data-testid="config-save"
            >
              {t('config.save')}
            </Button>
          </Group>
        </Stack>
      )}
    </ExperiencesFrame>
  );
}
