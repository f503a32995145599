import { Badge, Card, Group, MultiSelect, NumberInput, Stack, Switch, Text } from '@mantine/core';
import type { UpsellConfig } from '@posada/contracts/experiences';
import { UPSELL_DAYS_BEFORE_MAX, type UpsellMoment } from '@posada/domain/experiences';
import { IconBrandWhatsapp, IconDeviceMobile, IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export const UPSELL_SERVICES_MAX = 6;

export interface MomentValue {
  moment: UpsellMoment;
  enabled: boolean;
  days: number | null;
  service_ids: string[];
}

/** The moments that carry a number of days, and the number a newly switched-on moment starts with. */
export const defaultDays: Partial<Record<UpsellMoment, number>> = { before_arrival: 2, during_stay: 2 };

/** How the offer reaches the guest at this moment: the done step shows it on screen, the rest are sent. */
function ChannelNote({ moment, channel }: { moment: UpsellMoment; channel: UpsellConfig['channel'] }) {
  const { t } = useTranslation('upselling');
  if (moment === 'checkin_done')
    return (
      <Badge variant="light" color="gray" leftSection={<IconDeviceMobile size={12} aria-hidden />} tt="none">
        {t('config.channel.screen')}
      </Badge>
    );
  return (
    <Badge
      variant="light"
      color={channel === 'whatsapp' ? 'green' : 'blue'}
      leftSection={
        channel === 'whatsapp' ? (
          <IconBrandWhatsapp size={12} aria-hidden />
        ) : (
          <IconMail size={12} aria-hidden />
        )
      }
      tt="none"
      data-testid="moment-channel"
    >
      {t(`config.channel.${channel}`)}
    </Badge>
  );
}

/** One moment of the stay: on or off, its day where it has one, and the services it offers (at most 6). */
export function MomentCard({
  value,
  onChange,
  options,
  channel,
  errors,
  disabled,
}: {
  value: MomentValue;
  onChange: (value: MomentValue) => void;
  options: { value: string; label: string }[];
  channel: UpsellConfig['channel'];
  errors: { days?: string; service_ids?: string; enabled?: string };
  disabled?: boolean;
}) {
  const { t } = useTranslation('upselling');
  const m = value.moment;
  const hasDays = m in defaultDays;
  return (
    <Card withBorder radius="md" padding="lg" data-testid={`moment-${m}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600}>{t(`config.moments.${m}.title`)}</Text>
            <Text size="sm" c="dimmed">
              {t(`config.moments.${m}.hint`)}
            </Text>
          </Stack>
          <Switch
            checked={value.enabled}
            onChange={(e) => {
              const enabled = e.currentTarget.checked;
              onChange({
                ...value,
                enabled,
                days: hasDays && value.days === null ? (defaultDays[m] ?? 1) : value.days,
              });
            }}
            disabled={disabled}
            aria-label={t(`config.moments.${m}.title`)}
            error={errors.enabled}
            size="md"
          />
        </Group>
        <ChannelNote moment={m} channel={channel} />
        {value.enabled ? (
          <Stack gap="sm">
            {hasDays ? (
              <NumberInput
                label={t(`config.moments.${m}.days`)}
                value={value.days ?? ''}
                onChange={(v) => onChange({ ...value, days: typeof v === 'number' ? v : null })}
                min={1}
                max={UPSELL_DAYS_BEFORE_MAX}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                w={200}
                error={errors.days}
                disabled={disabled}
              />
            ) : null}
            <MultiSelect
              label={t('config.services')}
              description={t('config.servicesHint', { max: UPSELL_SERVICES_MAX })}
              placeholder={value.service_ids.length === 0 ? t('config.servicesPlaceholder') : undefined}
              data={options}
              value={value.service_ids}
              onChange={(service_ids) => onChange({ ...value, service_ids })}
              maxValues={UPSELL_SERVICES_MAX}
              searchable
              clearable
              nothingFoundMessage={t('config.noServices')}
              error={errors.service_ids}
              disabled={disabled}
              comboboxProps={{ withinPortal: true }}
            />
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
