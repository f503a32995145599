/** spec 5 Logo: PNG, JPG or SVG, at most 5 MB, 500×500 recommended. The server checks the content too. */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
export const LOGO_ACCEPT = 'image/png,image/jpeg,image/svg+xml,.png,.jpg,.jpeg,.svg';

export type LogoProblem = 'type' | 'size' | null;

export function logoProblem(file: { name: string; type: string; size: number }): LogoProblem {
  const byType = (LOGO_TYPES as readonly string[]).includes(file.type);
  const byName = /\.(png|jpe?g|svg)$/i.test(file.name);
  if (!byType && !(file.type === '' && byName)) return 'type';
  if (file.size > LOGO_MAX_BYTES) return 'size';
  return null;
}
