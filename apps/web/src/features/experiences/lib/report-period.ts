/** The report's period presets (by request date): whole months back to the first of the month, up to today. */
export const periodPresets = ['this_month', 'last_3_months', 'last_12_months', 'custom'] as const;
export type PeriodPreset = (typeof periodPresets)[number];

const monthsBack: Record<Exclude<PeriodPreset, 'custom'>, number> = {
  this_month: 0,
  last_3_months: 2,
  last_12_months: 11,
};

const pad = (n: number) => String(n).padStart(2, '0');

/** From the first day of the preset's first month to today (`today` is YYYY-MM-DD). */
export function presetRange(
  preset: Exclude<PeriodPreset, 'custom'>,
  today: string,
): { from: string; to: string } {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1 - monthsBack[preset];
  const first = new Date(Date.UTC(year, month, 1));
  return { from: `${first.getUTCFullYear()}-${pad(first.getUTCMonth() + 1)}-01`, to: today };
}

/** Whether a custom period can be asked for: both ends, in order. */
export function validRange(from: string, to: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
}

/** Conversion as a percentage of the first step (0 when nothing was offered), one decimal. */
export function percent(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.round((part / whole) * 1000) / 10;
}
