import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { loadAvailability } from './api.ts';
import {
  addDays,
  addMonths,
  dayRole,
  keepIfStillFree,
  localToday,
  monthGrid,
  monthOf,
  type Night,
  nightsBetween,
  pick,
  type Selection,
} from './calendar.ts';
import { longDay, money, monthTitle, shortAmount, stayRange, weekdayNames } from './format.ts';
import { t } from './i18n.ts';

/** How far ahead the guest may look. */
const MONTHS_AHEAD = 18;

interface CalendarProps {
  slug: string;
  propertyId: string;
  roomTypeId: string | null;
  currency: string;
  language: string;
  selection: Selection;
  onSelection: (selection: Selection) => void;
  /** A stay the fresh nights no longer allow, cleared (the message that asked for them stays). */
  onStale: (selection: Selection) => void;
  /** Bumped after 'dates taken': the nights are asked again and a stay no longer free is cleared. */
  refresh: number;
}

/**
 * A month of free nights with prices and minimum stays; arrival, then departure. Keyed by the room type
 * (another room type is another calendar).
 */
export function Calendar(props: CalendarProps) {
  const { slug, propertyId, roomTypeId, currency, language, selection, onSelection, onStale, refresh } =
    props;
  const today = localToday();
  const firstMonth = monthOf(today);
  const [month, setMonth] = useState(selection.start ? monthOf(selection.start) : firstMonth);
  const [nights, setNights] = useState<Map<string, Night>>(() => new Map());
  const [months, setMonths] = useState<Record<string, 'loading' | 'ok' | 'failed'>>({});
  const grid = useRef<HTMLDivElement>(null);
  const selectionRef = useRef(selection);
  selectionRef.current = selection;

  const load = useCallback(
    (wanted: string, fresh: boolean) => {
      setMonths((state) => ({ ...state, [wanted]: 'loading' }));
      const from = wanted === firstMonth ? today : `${wanted}-01`;
      loadAvailability(slug, propertyId, { from, to: `${addMonths(wanted, 1)}-01`, roomTypeId }).then(
        (answer) => {
          setNights((previous) => {
            const next = new Map(previous);
            for (const night of answer.nights) next.set(night.date, night);
            if (fresh) {
              const kept = keepIfStillFree(next, selectionRef.current);
              if (kept !== selectionRef.current) onStale(kept);
            }
            return next;
          });
          setMonths((state) => ({ ...state, [wanted]: 'ok' }));
        },
        () => setMonths((state) => ({ ...state, [wanted]: 'failed' })),
      );
    },
    [slug, propertyId, roomTypeId, firstMonth, today, onStale],
  );

  useEffect(() => {
    if (months[month] === undefined) load(month, false);
  }, [month, months, load]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a bump asks again
  useEffect(() => {
    if (refresh > 0) {
      setNights(new Map());
      setMonths({ [month]: 'loading' });
      load(month, true);
    }
  }, [refresh]);

  const status = months[month];
  const days = monthGrid(month);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const from = (event.target as HTMLElement).dataset.date;
    if (!from) return;
    const rtl = document.documentElement.dir === 'rtl';
    const step: Record<string, number> = {
      ArrowLeft: rtl ? 1 : -1,
      ArrowRight: rtl ? -1 : 1,
      ArrowUp: -7,
      ArrowDown: 7,
    };
    const delta = step[event.key];
    if (!delta) return;
    event.preventDefault();
    const target = grid.current?.querySelector<HTMLButtonElement>(`[data-date="${addDays(from, delta)}"]`);
    if (target && !target.disabled) target.focus();
  };

  const minStay = selection.start ? Math.max(1, nights.get(selection.start)?.min_stay ?? 1) : 1;
  const nightsText = (n: number) => (n === 1 ? t('quote.night_one') : t('quote.night', { n }));

  return (
    <section className="b-calendar" aria-labelledby="b-calendar-title">
      <div className="b-calendar-head">
        <button
          type="button"
          className="b-icon-btn"
          aria-label={t('calendar.prev')}
          disabled={month <= firstMonth}
          onClick={() => setMonth(addMonths(month, -1))}
        >
          <span aria-hidden="true" className="b-chevron b-chevron-back" />
        </button>
        <h3 id="b-calendar-title" className="b-month" aria-live="polite">
          <span className="b-visually-hidden">{t('calendar.label')}: </span>
          {monthTitle(month, language)}
        </h3>
        <button
          type="button"
          className="b-icon-btn"
          aria-label={t('calendar.next')}
          disabled={month >= addMonths(firstMonth, MONTHS_AHEAD)}
          onClick={() => setMonth(addMonths(month, 1))}
        >
          <span aria-hidden="true" className="b-chevron" />
        </button>
      </div>
      <p className="b-muted b-small">{t('calendar.prices_in', { currency })}</p>
      {status === 'failed' ? (
        <div className="b-alert b-alert-error" role="alert">
          {t('calendar.failed')}{' '}
          <button type="button" className="b-link-btn" onClick={() => load(month, false)}>
            {t('common.retry')}
          </button>
        </div>
      ) : (
        // biome-ignore lint/a11y/noStaticElementInteractions: arrow keys move between the day buttons
        <div
          ref={grid}
          className="b-days"
          aria-busy={status !== 'ok'}
          onKeyDown={onKeyDown}
          data-testid="calendar"
        >
          {weekdayNames(language).map((name) => (
            <span key={name} className="b-weekday" aria-hidden="true">
              {name}
            </span>
          ))}
          {days.map((date, index) => {
            // biome-ignore lint/suspicious/noArrayIndexKey: the padding before the 1st and after the last day
            if (!date) return <span key={`pad-${index}`} />;
            if (status !== 'ok') return <span key={date} className="b-day b-skel-day" />;
            const night = nights.get(date);
            const { role, enabled } = dayRole(nights, selection, date, today);
            const price = night?.price != null ? money(night.price, currency, language) : null;
            const what =
              role === 'past' || role === 'taken'
                ? t('calendar.unavailable')
                : role === 'departure'
                  ? t('calendar.departure')
                  : role === 'end'
                    ? t('calendar.selected_departure')
                    : role === 'too_short'
                      ? t('calendar.too_short', { n: minStay })
                      : price === null
                        ? t('calendar.legend_free')
                        : (night?.min_stay ?? 1) > 1
                          ? t('calendar.available_min', { price, n: night?.min_stay ?? 1 })
                          : t('calendar.available', { price });
            const label = `${longDay(date, language)}, ${role === 'arrival' ? `${t('calendar.arrival')}, ` : ''}${what}`;
            return (
              <button
                key={date}
                type="button"
                data-date={date}
                className={`b-day b-day-${role}`}
                disabled={!enabled}
                aria-pressed={role === 'arrival' || role === 'end'}
                aria-label={label}
                onClick={() => onSelection(pick(nights, selection, date))}
              >
                <span className="b-day-n">{Number(date.slice(8))}</span>
                {night?.available && night.price != null && role !== 'past' && (
                  <span className="b-day-price">{shortAmount(night.price, language)}</span>
                )}
              </button>
            );
          })}
        </div>
      )}
      <div className="b-calendar-hint" aria-live="polite">
        {!selection.start && <p>{t('calendar.pick_arrival')}</p>}
        {selection.start && !selection.end && (
          <p>
            {minStay > 1 ? t('calendar.pick_departure', { n: minStay }) : t('calendar.pick_departure_one')}
          </p>
        )}
        {selection.start && selection.end && (
          <p>
            <strong data-testid="picked-stay">
              {t('calendar.picked', {
                stay: stayRange(selection.start, selection.end, language),
                nights: nightsText(nightsBetween(selection.start, selection.end)),
              })}
            </strong>{' '}
            <button
              type="button"
              className="b-link-btn"
              onClick={() => onSelection({ start: null, end: null })}
            >
              {t('calendar.clear')}
            </button>
          </p>
        )}
      </div>
    </section>
  );
}
