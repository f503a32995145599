import { useDirection } from '@mantine/core';

/**
 * Text that keeps its own direction (dir="auto": a Latin guest name in Arabic) but lines up with the page:
 * right in right-to-left, left otherwise, so names and e-mails stay in the column's reading edge.
 */
export function usePageAlign() {
  const { dir } = useDirection();
  return { textAlign: dir === 'rtl' ? 'right' : 'left' } as const;
}
