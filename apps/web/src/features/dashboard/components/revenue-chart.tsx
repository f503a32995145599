import { Box, Paper, Text, useDirection, VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { DashboardData } from '@posada/contracts/dashboard';
import type { Currency } from '@posada/contracts/properties';
import { type PointerEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { money } from '../../../lib/money.ts';
import { barHeight, barSlots, indexAt, labelStride, showsLabel, valueScale } from '../lib/chart-scale.ts';
import { formatCount, formatMonth, formatYearShort } from '../lib/format.ts';
import classes from './dashboard.module.css';

type ChartMonth = DashboardData['chart'][number];

const HEIGHT = 240;
const srOnly = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
const TOP = 12;
const BOTTOM = 36;
const PLOT_HEIGHT = HEIGHT - TOP - BOTTOM;

/**
 * Revenue per month as an SVG bar chart (no chart library: it ships with the first route). The value
 * axis is on the inline-start side and time runs in the reading direction, so in Arabic the oldest month
 * is on the right. Pointing at a month shows its figures; screen readers get a summary, and everyone
 * can read every month in the table (visually hidden unless `asTable`).
 */
export function RevenueChart({
  chart,
  currency,
  asTable = false,
}: {
  chart: ChartMonth[];
  currency: Currency;
  asTable?: boolean;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const language = i18n.resolvedLanguage ?? 'es';
  const { dir } = useDirection();
  const rtl = dir === 'rtl';
  const { ref, width } = useElementSize();
  const [active, setActive] = useState<number | null>(null);

  const scale = useMemo(() => valueScale(chart.map((m) => m.revenue)), [chart]);
  const tickLabels = scale.ticks.map((v) => money(v, currency, language, 'axis'));
  // Room for the longest tick label beside the plot.
  const axisWidth = Math.min(88, Math.max(36, Math.max(...tickLabels.map((l) => l.length)) * 7 + 10));
  const plotWidth = Math.max(0, width - axisWidth);
  const plotStart = rtl ? 0 : axisWidth;
  const slots = barSlots(chart.length, plotWidth, rtl);
  const monthLabels = chart.map((m) => formatMonth(m.month, language));
  // About 6.5 px per character at 11 px, plus a gap between labels.
  const labelWidth = Math.max(...monthLabels.map((l) => l.length), 3) * 6.5 + 10;
  const stride = labelStride(chart.length, plotWidth, labelWidth);
  // A label centred under the first or last bar stays inside the plot.
  const labelX = (center: number) =>
    plotStart + Math.min(Math.max(center, labelWidth / 2), plotWidth - labelWidth / 2);
  const y = (value: number) => TOP + PLOT_HEIGHT - barHeight(value, scale, PLOT_HEIGHT);

  const total = chart.reduce((sum, m) => sum + m.revenue, 0);
  const best = chart.reduce<ChartMonth | null>((top, m) => (!top || m.revenue > top.revenue ? m : top), null);
  const summary = t('chart.summary', {
    count: chart.length,
    total: money(total, currency, language, 'whole'),
    month: best && best.revenue > 0 ? formatMonth(best.month, language, 'long') : '—',
    best: money(best?.revenue ?? 0, currency, language, 'whole'),
  });

  const shown = active;
  const shownMonth = shown === null ? null : chart[shown];
  const shownSlot = shown === null ? null : slots[shown];

  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    setActive(indexAt(event.clientX - box.left - plotStart, chart.length, plotWidth, rtl));
  };
  if (asTable) return <MonthTable chart={chart} currency={currency} visible />;
  return (
    <Box ref={ref} pos="relative" style={{ minHeight: HEIGHT }}>
      {width > 0 && (
        <svg
          width={width}
          height={HEIGHT}
          role="img"
          aria-label={summary}
          onPointerMove={onPointerMove}
          onPointerDown={onPointerMove}
          // A tap shows the month until the next tap; a mouse hides it on leaving.
          onPointerLeave={(event) => event.pointerType === 'mouse' && setActive(null)}
          style={{ display: 'block', touchAction: 'pan-y' }}
        >
          {scale.ticks.map((tick, i) => (
            <g key={tick}>
              <line
                x1={plotStart}
                x2={plotStart + plotWidth}
                y1={y(tick)}
                y2={y(tick)}
                stroke={i === 0 ? 'var(--mantine-color-gray-4)' : 'var(--mantine-color-gray-2)'}
                strokeDasharray={i === 0 ? undefined : '3 4'}
              />
              <text
                // Beside the plot on the inline-start side; in RTL text, "end" is the left edge.
                x={rtl ? plotWidth + 8 : axisWidth - 8}
                y={y(tick) + 4}
                textAnchor="end"
                direction={dir}
                fontSize={11}
                fill="var(--mantine-color-dimmed)"
              >
                {tickLabels[i]}
              </text>
            </g>
          ))}
          {chart.map((m, i) => {
            const slot = slots[i];
            if (!slot) return null;
            const h = barHeight(m.revenue, scale, PLOT_HEIGHT);
            const isCurrent = i === chart.length - 1;
            const highlighted = shown === i;
            const labelled = showsLabel(i, chart.length, stride);
            const yearStart = m.month.endsWith('-01') || i === 0;
            return (
              <g key={m.month}>
                <rect
                  x={plotStart + slot.center - plotWidth / chart.length / 2}
                  y={TOP}
                  width={plotWidth / chart.length}
                  height={PLOT_HEIGHT}
                  fill={highlighted ? 'var(--mantine-color-gray-1)' : 'transparent'}
                  rx={6}
                />
                <rect
                  data-month={m.month}
                  x={plotStart + slot.x}
                  y={TOP + PLOT_HEIGHT - h}
                  width={slot.width}
                  height={h}
                  rx={Math.min(4, slot.width / 3)}
                  fill={
                    highlighted
                      ? 'var(--mantine-color-posada-9)'
                      : isCurrent
                        ? 'var(--mantine-color-posada-4)'
                        : 'var(--mantine-color-posada-7)'
                  }
                />
                {labelled && (
                  <text
                    x={labelX(slot.center)}
                    y={TOP + PLOT_HEIGHT + 16}
                    textAnchor="middle"
                    fontSize={11}
                    fontWeight={isCurrent ? 700 : 400}
                    fill={isCurrent ? 'var(--mantine-color-text)' : 'var(--mantine-color-dimmed)'}
                  >
                    {monthLabels[i]}
                  </text>
                )}
                {labelled && yearStart && (
                  <text
                    x={labelX(slot.center)}
                    y={TOP + PLOT_HEIGHT + 30}
                    textAnchor="middle"
                    fontSize={10}
                    fill="var(--mantine-color-dimmed)"
                  >
                    {formatYearShort(m.month, language)}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      )}
      {shownMonth && shownSlot && (
        <Paper
          shadow="md"
          withBorder
          radius="md"
          px="sm"
          py={6}
          aria-hidden
          style={{
            position: 'absolute',
            top: Math.max(0, y(shownMonth.revenue) - 64),
            left: Math.min(Math.max(0, plotStart + shownSlot.center - 80), Math.max(0, width - 160)),
            width: 160,
            pointerEvents: 'none',
            zIndex: 2,
          }}
        >
          <Text size="xs" c="dimmed">
            {formatMonth(shownMonth.month, language, 'long')}
            {shown === chart.length - 1 ? ` · ${t('chart.currentMonth')}` : ''}
          </Text>
          <Text fw={700} size="sm">
            {money(shownMonth.revenue, currency, language, 'whole')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('chart.bookings', {
              count: shownMonth.bookings,
              formatted: formatCount(shownMonth.bookings, language),
            })}
          </Text>
        </Paper>
      )}
      <VisuallyHidden>
        <MonthTable chart={chart} currency={currency} />
      </VisuallyHidden>
    </Box>
  );
}

/** Every month of the chart as a table: the screen-reader fallback, or shown when asked for. */
function MonthTable({
  chart,
  currency,
  visible = false,
}: {
  chart: ChartMonth[];
  currency: Currency;
  visible?: boolean;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const language = i18n.resolvedLanguage ?? 'es';
  const rows = visible ? [...chart].reverse() : chart;
  const table = (
    <table className={visible ? classes.monthTable : undefined}>
      <caption style={visible ? srOnly : undefined}>
        {t('chart.tableCaption', { count: chart.length })}
      </caption>
      <thead>
        <tr>
          <th scope="col">{t('chart.month')}</th>
          <th scope="col">{t('chart.revenue')}</th>
          <th scope="col">{t('chart.bookingsColumn')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((m) => (
          <tr key={m.month}>
            <th scope="row">{formatMonth(m.month, language, 'long')}</th>
            <td>{money(m.revenue, currency, language, 'dashboard')}</td>
            <td>{formatCount(m.bookings, language)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  return visible ? (
    <Box className={classes.monthTableScroll} mah={HEIGHT + 40}>
      {table}
    </Box>
  ) : (
    table
  );
}
