import { Paper, Table } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentProps, ReactNode } from 'react';
import { CardList } from '../../../../components/card-list.tsx';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { useIsMobile } from '../../../../lib/use-is-mobile.ts';
import { LoadError, PanelSkeleton } from './rooms-page-frame.tsx';

/**
 * A rooms settings list: skeleton while it loads, the load error with Retry, the empty state, then
 * the items as a labelled card list on phones or as a table (its head and body) on wider screens.
 */
export function ListState<T>({
  query,
  loadError,
  empty,
  label,
  cards,
  table,
}: {
  query: UseQueryResult<{ items: T[] }>;
  /** The message when the list does not load. */
  loadError: string;
  empty: ComponentProps<typeof EmptyState>;
  /** The card list's accessible name. */
  label: string;
  /** The card list's items (phones). */
  cards: (items: T[]) => ReactNode;
  /** The table's head and body (wider screens). */
  table: (items: T[]) => ReactNode;
}) {
  const isMobile = useIsMobile();
  if (query.isPending) return <PanelSkeleton />;
  if (query.isError)
    return (
      <LoadError message={loadError} onRetry={() => void query.refetch()} retrying={query.isRefetching} />
    );
  const items = query.data.items;
  if (items.length === 0)
    return (
      <Paper withBorder radius="lg">
        <EmptyState {...empty} />
      </Paper>
    );
  if (isMobile)
    return (
      <Paper withBorder radius="lg">
        <CardList label={label} busy={query.isFetching}>
          {cards(items)}
        </CardList>
      </Paper>
    );
  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-busy={query.isFetching}>
        {table(items)}
      </Table>
    </Paper>
  );
}
