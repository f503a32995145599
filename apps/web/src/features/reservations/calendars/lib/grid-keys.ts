/**
 * Keyboard use of the timeline (ReservationCalendar, hotelReservationCalendar): a cursor on one day of one
 * row, moved by the arrow keys as they look on screen (mirrored right to left), Home and End to the
 * window's ends, Page Up and Page Down by a week.
 */
export interface GridCursor {
  row: number;
  day: number;
}

const WEEK = 7;

export function moveCursor(
  cursor: GridCursor,
  key: string,
  dir: 'ltr' | 'rtl',
  rowCount: number,
  dayCount: number,
): GridCursor | null {
  const forward = dir === 'rtl' ? -1 : 1;
  const step: Record<string, Partial<GridCursor>> = {
    ArrowRight: { day: cursor.day + forward },
    ArrowLeft: { day: cursor.day - forward },
    ArrowDown: { row: cursor.row + 1 },
    ArrowUp: { row: cursor.row - 1 },
    Home: { day: 0 },
    End: { day: dayCount - 1 },
    PageDown: { day: cursor.day + WEEK },
    PageUp: { day: cursor.day - WEEK },
  };
  const next = step[key];
  if (!next || rowCount === 0 || dayCount === 0) return null;
  return {
    row: Math.max(0, Math.min(rowCount - 1, next.row ?? cursor.row)),
    day: Math.max(0, Math.min(dayCount - 1, next.day ?? cursor.day)),
  };
}

/** What a unit holds on a day, for the cursor's spoken description. */
export function dayContent<
  B extends { start_date: string; end_date: string; status: string },
  C extends { start_date: string; end_date: string },
>(unit: { bookings: readonly B[]; closed: readonly C[] }, day: string): { booking?: B; closed?: C } {
  const booking = unit.bookings.find(
    (b) => b.status !== 'cancelled' && b.start_date <= day && day < b.end_date,
  );
  if (booking) return { booking };
  const closed = unit.closed.find((c) => c.start_date <= day && day < c.end_date);
  return closed ? { closed } : {};
}
