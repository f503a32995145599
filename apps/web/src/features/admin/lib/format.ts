/** Dates and counts in the interface language (Arabic shows its own digits). */
export function formatDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
}

export function formatCount(value: number, language: string): string {
  return new Intl.NumberFormat(language).format(value);
}

export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** The decimal separator the price inputs take: a comma in Spanish, a point in English and Arabic. */
export function decimalSeparator(language: string): string {
  return language.startsWith('es') ? ',' : '.';
}
