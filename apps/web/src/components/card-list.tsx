import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/** The narrow-screen stand-in for a table: a labelled list of cards, dimmed while it refreshes. */
export function CardList({ label, busy, children }: { label: string; busy?: boolean; children: ReactNode }) {
  return (
    <Stack
      component="ul"
      gap={0}
      m={0}
      p={0}
      aria-label={label}
      aria-busy={busy}
      style={{ listStyle: 'none', opacity: busy ? 0.6 : undefined }}
    >
      {children}
    </Stack>
  );
}

/** One card of a CardList; every card but the first is ruled off from the one above. */
export function CardListItem({ divided, children }: { divided: boolean; children: ReactNode }) {
  return (
    <Stack
      component="li"
      gap={6}
      p="md"
      style={divided ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
    >
      {children}
    </Stack>
  );
}
