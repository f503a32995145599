import { Group, Paper, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconCalendarPlus, IconCoins, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { moneyFormatter } from '../../../../lib/money.ts';
import { addDays } from '../lib/dates.ts';
import { dayFormatters } from '../lib/format.ts';
import {
  blockProblem,
  bookingProblem,
  type DayRange,
  nightsOf,
  priceProblem,
  type SelectionProblem,
} from '../lib/selection.ts';
import type { CalendarTarget } from '../lib/target.ts';
import classes from './calendar.module.css';
import { Sheet } from './sheet.tsx';

export type CalendarAction = 'book' | 'block' | 'price';

/** The text of a selection problem (spec 5 Calendar), for the chooser and the toasts. */
export function problemText(
  t: (key: string, o?: Record<string, unknown>) => string,
  p: SelectionProblem,
  action: CalendarAction,
): string {
  if (action === 'block' && (p.code === 'taken' || p.code === 'closed' || p.code === 'past')) {
    return t(`blockProblem.${p.code}`);
  }
  if (p.code === 'min_stay') return t('problem.min_stay', { count: p.minStay });
  return t(`problem.${p.code}`);
}

/**
 * spec 2.4 Calendars: what to do with the selected dates — create a booking, block the dates, or edit
 * the price per night. An action the rules of spec 5 refuse is shown disabled with the reason.
 */
export function ActionChooser({
  opened,
  onClose,
  target,
  range,
  today,
  onChoose,
}: {
  opened: boolean;
  onClose: () => void;
  target: CalendarTarget | null;
  range: DayRange | null;
  today: string;
  onChoose: (action: CalendarAction) => void;
}) {
  const { t, i18n } = useTranslation('calendar');
  const language = i18n.resolvedLanguage ?? 'es';
  if (!target || !range)
    return (
      <Sheet opened={false} onClose={onClose} title="">
        {null}
      </Sheet>
    );
  const formats = dayFormatters(language);
  const nights = nightsOf(range);
  const book = bookingProblem(range, target.state, today);
  const block = target.unit ? blockProblem(range, target.state, today) : ({ code: 'no_room' } as const);
  const price = priceProblem(range, target.property.id);
  let estimate: number | null = 0;
  for (let d = range.start; d < range.end; d = addDays(d, 1)) {
    const p = target.nights.get(d)?.price;
    if (p == null) {
      estimate = null;
      break;
    }
    estimate += p;
  }
  const money = moneyFormatter(target.property.currency, language, 'calendar');

  return (
    <Sheet opened={opened} onClose={onClose} title={t('chooser.title')} size={440}>
      <Stack gap="md">
        <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)">
          <Text fw={700} size="sm" data-testid="chooser-target">
            <bdi>{target.label}</bdi>
          </Text>
          <Text size="sm">
            {t('chooser.stay', {
              arrival: formats.short(range.start),
              departure: formats.short(range.end),
            })}
          </Text>
          <Group gap="xs" mt={4}>
            <Text size="xs" c="dimmed">
              {t('selection.nights', { count: nights.count })}
            </Text>
            {estimate !== null && nights.count > 0 ? (
              <Text size="xs" c="dimmed">
                · {t('chooser.estimate', { total: money(estimate) })}
              </Text>
            ) : null}
          </Group>
        </Paper>
        <ActionButton
          autoFocus
          icon={<IconCalendarPlus size={20} />}
          color="posada"
          label={t('chooser.book')}
          description={
            target.roomType && target.unit
              ? t('chooser.bookRoomHint', { type: target.roomType.name })
              : t('chooser.bookHint')
          }
          problem={book ? problemText(t, book, 'book') : null}
          onClick={() => onChoose('book')}
        />
        <ActionButton
          icon={<IconLock size={20} />}
          color="gray"
          label={t('chooser.block')}
          description={t('chooser.blockHint')}
          problem={
            block
              ? block.code === 'no_room'
                ? t('blockProblem.no_room')
                : problemText(t, block, 'block')
              : null
          }
          onClick={() => onChoose('block')}
        />
        <ActionButton
          icon={<IconCoins size={20} />}
          color="orange"
          label={t('chooser.price')}
          description={
            target.roomType
              ? t('chooser.priceTypeHint', { type: target.roomType.name })
              : t('chooser.priceHint')
          }
          problem={price ? problemText(t, price, 'price') : null}
          onClick={() => onChoose('price')}
        />
      </Stack>
    </Sheet>
  );
}

function ActionButton({
  autoFocus = false,
  icon,
  color,
  label,
  description,
  problem,
  onClick,
}: {
  autoFocus?: boolean;
  icon: ReactNode;
  color: string;
  label: string;
  description: string;
  problem: string | null;
  onClick: () => void;
}) {
  const disabled = Boolean(problem);
  return (
    <UnstyledButton
      onClick={onClick}
      disabled={disabled}
      data-autofocus={autoFocus && !disabled ? true : undefined}
      aria-disabled={disabled}
      aria-label={label}
      aria-description={problem ?? description}
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        opacity: disabled ? 0.8 : 1,
      }}
      className={classes.action}
    >
      <Group wrap="nowrap" gap="md">
        <ThemeIcon size={40} radius="md" variant="light" color={disabled ? 'gray' : color}>
          {icon}
        </ThemeIcon>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={650}>{label}</Text>
          <Text size="sm" c={problem ? 'red.7' : 'dimmed'} role={problem ? 'note' : undefined}>
            {problem ?? description}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}
