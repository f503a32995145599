// Month and weekday names of the date pickers in the three languages.
import 'dayjs/locale/ar';
import 'dayjs/locale/en';
import 'dayjs/locale/es';
import {
  ActionIcon,
  Button,
  Group,
  Loader,
  Popover,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { IconChevronLeft, IconChevronRight, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { legendStatuses, statusColor } from '../lib/booking-style.ts';
import classes from './calendar.module.css';
import { SourceLegendItems } from './source-legend.tsx';
import type { CalendarDensity } from './use-calendar-page.ts';

/**
 * The calendars' toolbar (spec 2.4): today, previous and next month, a month jump, the show-prices
 * toggle and the legend; the page adds its own controls (property switcher, search, new booking).
 */
export function CalendarToolbar({
  title,
  stats,
  month,
  onMonth,
  onPrev,
  onNext,
  onToday,
  showPrices,
  onShowPrices,
  loading,
  filters,
  actions,
  compact = false,
  hotel = false,
  density,
  onDensity,
}: {
  title: string;
  stats?: ReactNode;
  /** First day of the month shown. */
  month: string;
  onMonth: (month: string) => void;
  onPrev: () => void;
  onNext: () => void;
  onToday: () => void;
  showPrices: boolean;
  onShowPrices: (value: boolean) => void;
  loading?: boolean;
  filters?: ReactNode;
  actions?: ReactNode;
  compact?: boolean;
  hotel?: boolean;
  /** The desktop timelines' day width; the toggle shows when both are given. */
  density?: CalendarDensity;
  onDensity?: (value: CalendarDensity) => void;
}) {
  const { t } = useTranslation('calendar');
  return (
    <Stack gap={compact ? 8 : 'sm'} mb={compact ? 8 : 'md'} style={{ flex: 'none' }}>
      <Group justify="space-between" align="center" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <Title order={1} fz={compact ? 'h4' : 'h3'} style={{ whiteSpace: 'nowrap' }}>
            {title}
          </Title>
          {loading ? <Loader size={16} aria-label={t('grid.loading')} /> : null}
          {stats && !compact ? (
            <Group gap="xs" wrap="nowrap" visibleFrom="md">
              {stats}
            </Group>
          ) : null}
        </Group>
        <Group gap="xs" wrap="nowrap">
          {actions}
        </Group>
      </Group>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap={6} wrap="nowrap">
          <Button variant="default" size="sm" px={compact ? 'xs' : undefined} onClick={onToday}>
            {t('toolbar.today')}
          </Button>
          <Tooltip label={t('toolbar.previous')} withArrow>
            <ActionIcon variant="default" size={36} onClick={onPrev} aria-label={t('toolbar.previous')}>
              <IconChevronLeft size={18} className={classes.mirror} />
            </ActionIcon>
          </Tooltip>
          <MonthPickerInput
            value={month}
            onChange={(value) => value && onMonth(value)}
            valueFormat="MMMM YYYY"
            aria-label={t('toolbar.month')}
            w={170}
            styles={{ input: { textTransform: 'capitalize', fontWeight: 600 } }}
            popoverProps={{ position: 'bottom-start' }}
          />
          <Tooltip label={t('toolbar.next')} withArrow>
            <ActionIcon variant="default" size={36} onClick={onNext} aria-label={t('toolbar.next')}>
              <IconChevronRight size={18} className={classes.mirror} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Group gap="md" wrap="nowrap">
          {filters}
          {density && onDensity ? (
            <SegmentedControl
              size="xs"
              aria-label={t('toolbar.density')}
              value={density}
              onChange={(value) => onDensity(value as CalendarDensity)}
              data={[
                { value: 'comfortable', label: t('toolbar.comfortable') },
                { value: 'compact', label: t('toolbar.compact') },
              ]}
            />
          ) : null}
          <Switch
            checked={showPrices}
            onChange={(e) => onShowPrices(e.currentTarget.checked)}
            label={t('toolbar.showPrices')}
            size="sm"
          />
          <Legend hotel={hotel} timeline />
        </Group>
      </Group>
    </Stack>
  );
}

/** `timeline`: the desktop calendars, which also take the keyboard. */
export function Legend({ hotel = false, timeline = false }: { hotel?: boolean; timeline?: boolean }) {
  const { t } = useTranslation('calendar');
  return (
    <Popover position="bottom-end" withArrow shadow="md" width={280}>
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" size={36} aria-label={t('legend.title')}>
          <IconInfoCircle size={20} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6}>
          <Text fw={700} size="sm">
            {t('legend.title')}
          </Text>
          {legendStatuses.map((s) => (
            <Group key={s} gap={8} wrap="nowrap">
              <span
                className={classes.swatch}
                style={{ background: `var(--mantine-color-${statusColor[s]}-filled)` }}
              />
              <Text size="xs">{t(`status.${s}`)}</Text>
            </Group>
          ))}
          <Group gap={8} wrap="nowrap">
            <span
              className={classes.swatch}
              style={{
                background: 'var(--mantine-color-blue-filled)',
                backgroundImage:
                  'repeating-linear-gradient(-45deg, rgba(255,255,255,.35) 0 3px, transparent 3px 6px)',
              }}
            />
            <Text size="xs">{t('legend.paused')}</Text>
          </Group>
          <Group gap={8} wrap="nowrap">
            <span className={`${classes.swatch} ${classes.hatch}`} />
            <Text size="xs">{t('legend.closed')}</Text>
          </Group>
          {hotel ? (
            <Group gap={8} wrap="nowrap">
              <span
                className={classes.swatch}
                style={{
                  background: 'var(--mantine-color-red-2)',
                  border: '1px solid var(--mantine-color-red-5)',
                }}
              />
              <Text size="xs">{t('legend.maintenance')}</Text>
            </Group>
          ) : null}
          <Text fw={700} size="sm" mt={4}>
            {t('legend.sources')}
          </Text>
          <SourceLegendItems />
          <Text size="xs" c="dimmed">
            {t('legend.howTo')}
          </Text>
          {timeline ? (
            <Text size="xs" c="dimmed">
              {t('legend.keyboard')}
            </Text>
          ) : null}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** The legend laid out under a short calendar (a few apartments leave room for it). */
export function LegendStrip() {
  const { t } = useTranslation('calendar');
  return (
    <Group gap="lg" mt="md" px={4} wrap="wrap" style={{ flex: 'none' }} aria-label={t('legend.title')}>
      {legendStatuses.map((s) => (
        <Group key={s} gap={6} wrap="nowrap">
          <span
            className={classes.swatch}
            style={{ background: `var(--mantine-color-${statusColor[s]}-filled)` }}
          />
          <Text size="xs" c="dimmed">
            {t(`status.${s}`)}
          </Text>
        </Group>
      ))}
      <Group gap={6} wrap="nowrap">
        <span className={`${classes.swatch} ${classes.hatch}`} />
        <Text size="xs" c="dimmed">
          {t('legend.closed')}
        </Text>
      </Group>
      <SourceLegendItems compact />
      <Text size="xs" c="dimmed" style={{ flexBasis: '100%' }}>
        {t('legend.howTo')} {t('legend.keyboard')}
      </Text>
    </Group>
  );
}
