import { Grid } from '@mantine/core';
import type { Booking } from '@posada/contracts/bookings';
import type { DashboardData } from '@posada/contracts/dashboard';
import type { ReactNode } from 'react';
import type { ChartRange } from '../lib/dashboard-params.ts';
import { RevenueBreakdown } from './revenue-breakdown.tsx';
import { RevenueChartCard } from './revenue-chart-card.tsx';
import { UpcomingList } from './upcoming-list.tsx';

/**
 * Everything under the KPI cards: the revenue chart, the breakdown and the next arrivals, with `aside`
 * (the account cards) beside the list. Loaded as its own chunk while the figures are fetched, so the
 * first route carries only the header and the KPI cards.
 */
export function DashboardDetails({
  data,
  months,
  onMonthsChange,
  several,
  bookingHref,
  allHref,
  aside,
}: {
  data: DashboardData;
  months: ChartRange;
  onMonthsChange: (months: ChartRange) => void;
  /** Several properties are shown together: break revenue down by property and name each arrival's. */
  several: boolean;
  bookingHref: (booking: Booking) => string;
  allHref: string;
  aside: ReactNode;
}) {
  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <RevenueChartCard data={data} months={months} onMonthsChange={onMonthsChange} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <RevenueBreakdown data={data} showProperties={several} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <UpcomingList
          bookings={data.upcoming}
          bookingHref={bookingHref}
          allHref={allHref}
          showProperty={several}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>{aside}</Grid.Col>
    </Grid>
  );
}
