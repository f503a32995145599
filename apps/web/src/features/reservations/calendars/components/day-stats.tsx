import { Badge } from '@mantine/core';
import { IconDoorEnter, IconDoorExit, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Today's arrivals, departures and guests in house, next to the calendar's title. */
export function DayStats({
  arrivals,
  departures,
  inHouse,
}: {
  arrivals: number;
  departures: number;
  inHouse: number;
}) {
  const { t } = useTranslation('calendar');
  return (
    <>
      <Badge variant="light" color="teal" tt="none" size="lg" leftSection={<IconDoorEnter size={14} />}>
        {t('stats.arrivals', { count: arrivals })}
      </Badge>
      <Badge variant="light" color="orange" tt="none" size="lg" leftSection={<IconDoorExit size={14} />}>
        {t('stats.departures', { count: departures })}
      </Badge>
      <Badge variant="light" color="blue" tt="none" size="lg" leftSection={<IconUsers size={14} />}>
        {t('stats.inHouse', { count: inHouse })}
      </Badge>
    </>
  );
}
