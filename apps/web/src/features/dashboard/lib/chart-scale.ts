/**
 * Geometry of the revenue bar chart, kept pure so it can be tested: a "nice" value axis (0, 250, 500…),
 * bar positions (mirrored in right-to-left languages, where time runs from right to left) and which
 * month labels fit under the bars.
 */

export interface ValueScale {
  /** Top of the axis, a nice number ≥ the largest value (never 0, so an empty chart still has an axis). */
  max: number;
  /** Tick values from 0 to max, evenly spaced. */
  ticks: number[];
}

/** 1, 2, 2.5 or 5 times a power of ten: the step that gives about `count` intervals up to `value`. */
export function niceStep(value: number, count: number): number {
  const raw = value / Math.max(1, count);
  if (!Number.isFinite(raw) || raw <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/**
 * A value axis for `values` with about `tickCount` intervals. Values are minor units of money; `minStep`
 * keeps ticks on whole currency units (100 minor units) so labels never read "0,50 €".
 */
export function valueScale(values: readonly number[], tickCount = 4, minStep = 100): ValueScale {
  const largest = Math.max(0, ...values.filter((v) => Number.isFinite(v)));
  const step = Math.max(minStep, niceStep(largest, tickCount));
  const intervals = Math.max(1, Math.ceil(largest / step));
  const ticks = Array.from({ length: intervals + 1 }, (_, i) => i * step);
  return { max: intervals * step, ticks };
}

/** Height in pixels of a value on an axis of `scale.max` drawn `height` pixels tall. */
export function barHeight(value: number, scale: ValueScale, height: number): number {
  if (value <= 0 || scale.max <= 0) return 0;
  const h = (Math.min(value, scale.max) / scale.max) * height;
  // A value above zero always shows at least a sliver.
  return Math.max(2, h);
}

export interface BarSlot {
  index: number;
  /** Left edge of the bar, in pixels from the plot's left edge. */
  x: number;
  width: number;
  /** Centre of the slot (for the label under the bar). */
  center: number;
}

/**
 * Slots for `count` bars across `width` pixels, oldest first. In RTL the first (oldest) bar is drawn at
 * the right, as time reads from right to left.
 */
export function barSlots(count: number, width: number, rtl = false, gapRatio = 0.35): BarSlot[] {
  if (count <= 0 || width <= 0) return [];
  const slot = width / count;
  const barWidth = Math.max(2, Math.min(48, slot * (1 - gapRatio)));
  return Array.from({ length: count }, (_, index) => {
    const position = rtl ? count - 1 - index : index;
    const center = slot * position + slot / 2;
    return { index, x: center - barWidth / 2, width: barWidth, center };
  });
}

/**
 * Which month labels to show so they do not collide: every label when each slot is wide enough,
 * otherwise every 2nd, 3rd… counted back from the newest month (the current month is always labelled).
 */
export function labelStride(count: number, width: number, minLabelWidth = 34): number {
  if (count <= 0 || width <= 0) return 1;
  const slot = width / count;
  return Math.max(1, Math.ceil(minLabelWidth / slot));
}

export function showsLabel(index: number, count: number, stride: number): boolean {
  return (count - 1 - index) % stride === 0;
}

/** The bar index under a pointer at `x` pixels from the plot's left edge (null outside the plot). */
export function indexAt(x: number, count: number, width: number, rtl = false): number | null {
  if (count <= 0 || width <= 0 || x < 0 || x >= width) return null;
  const position = Math.floor(x / (width / count));
  return rtl ? count - 1 - position : position;
}
