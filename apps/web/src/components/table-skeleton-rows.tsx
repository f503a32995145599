import { Skeleton, Table } from '@mantine/core';

/** Placeholder rows with the table's column count while its data loads. */
export function TableSkeletonRows({ rows = 5, columns }: { rows?: number; columns: number }) {
  return Array.from({ length: rows }, (_, row) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders, never reordered
    <Table.Tr key={row} aria-hidden>
      {Array.from({ length: columns }, (_, column) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders, never reordered
        <Table.Td key={column}>
          <Skeleton h={14} w={column === 0 ? '80%' : '60%'} />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}
