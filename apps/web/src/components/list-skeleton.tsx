import { Skeleton, Stack } from '@mantine/core';

/** Placeholder items for a stacked (mobile) list while its data loads. */
export function ListSkeleton({ items = 4 }: { items?: number }) {
  return (
    <Stack gap={0} aria-hidden>
      {Array.from({ length: items }, (_, n) => `placeholder-${n}`).map((key) => (
        <Stack
          key={key}
          gap={8}
          p="md"
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          <Skeleton h={14} w="55%" />
          <Skeleton h={10} w="70%" />
          <Skeleton h={18} w="40%" />
        </Stack>
      ))}
    </Stack>
  );
}
