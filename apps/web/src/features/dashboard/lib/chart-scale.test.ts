import { describe, expect, it } from 'vitest';
import {
  barHeight,
  barSlots,
  indexAt,
  labelStride,
  niceStep,
  showsLabel,
  valueScale,
} from './chart-scale.ts';

describe('value axis', () => {
  it('picks steps of 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceStep(1000, 4)).toBe(250);
    expect(niceStep(900, 4)).toBe(250);
    expect(niceStep(1_100, 4)).toBe(500);
    expect(niceStep(70, 4)).toBe(20);
    expect(niceStep(0, 4)).toBe(1);
  });

  it('covers the largest value with evenly spaced ticks from zero', () => {
    const scale = valueScale([120_000, 385_000, 910_000]);
    expect(scale.max).toBeGreaterThanOrEqual(910_000);
    expect(scale.ticks[0]).toBe(0);
    expect(scale.ticks.at(-1)).toBe(scale.max);
    expect(scale.ticks).toEqual([0, 250_000, 500_000, 750_000, 1_000_000]);
  });

  it('still draws an axis when every month is zero, in whole currency units', () => {
    const scale = valueScale([0, 0, 0]);
    expect(scale.max).toBe(100);
    expect(scale.ticks).toEqual([0, 100]);
  });

  it('ignores negative and non-finite values', () => {
    expect(valueScale([-500, Number.NaN, 300]).max).toBeGreaterThanOrEqual(300);
  });

  it('scales bar heights, with a visible sliver for tiny values and none for zero', () => {
    const scale = valueScale([1_000_000]);
    expect(barHeight(scale.max, scale, 200)).toBe(200);
    expect(barHeight(scale.max / 2, scale, 200)).toBe(100);
    expect(barHeight(1, scale, 200)).toBe(2);
    expect(barHeight(0, scale, 200)).toBe(0);
  });
});

describe('bars', () => {
  it('spreads the bars oldest first from the left', () => {
    const slots = barSlots(4, 400);
    expect(slots.map((s) => s.center)).toEqual([50, 150, 250, 350]);
    for (const s of slots) expect(s.x + s.width / 2).toBeCloseTo(s.center);
  });

  it('mirrors time in right-to-left languages: the oldest month is on the right', () => {
    const slots = barSlots(4, 400, true);
    expect(slots[0]?.center).toBe(350);
    expect(slots[3]?.center).toBe(50);
  });

  it('keeps bars at most 48 px wide', () => {
    expect(barSlots(2, 1000)[0]?.width).toBe(48);
  });

  it('finds the bar under the pointer in both directions', () => {
    expect(indexAt(10, 4, 400)).toBe(0);
    expect(indexAt(399, 4, 400)).toBe(3);
    expect(indexAt(10, 4, 400, true)).toBe(3);
    expect(indexAt(-1, 4, 400)).toBeNull();
    expect(indexAt(400, 4, 400)).toBeNull();
  });

  it('thins the month labels on narrow charts, always labelling the current month', () => {
    expect(labelStride(12, 900)).toBe(1);
    const stride = labelStride(24, 320);
    expect(stride).toBeGreaterThan(1);
    expect(showsLabel(23, 24, stride)).toBe(true);
    const shown = Array.from({ length: 24 }, (_, i) => i).filter((i) => showsLabel(i, 24, stride));
    // Labels at least 34 px apart.
    expect((320 / 24) * stride).toBeGreaterThanOrEqual(34);
    expect(shown.length).toBeLessThan(24);
  });
});
