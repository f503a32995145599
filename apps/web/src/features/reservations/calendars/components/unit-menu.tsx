import { Menu } from '@mantine/core';
import { IconCalendarPlus, IconCoins, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { UnitRow } from '../lib/grid-rows.ts';
import classes from './calendar.module.css';
import { UnitName } from './timeline-grid.tsx';

/**
 * An apartment's name opens its actions (the keyboard way to what a date selection offers): new booking,
 * block dates, edit prices — the modals then ask for the dates.
 */
export function UnitMenu({
  row,
  subtitle,
  onBook,
  onBlock,
  onPrice,
}: {
  row: UnitRow;
  subtitle: string;
  onBook: () => void;
  onBlock: () => void;
  onPrice: () => void;
}) {
  const { t } = useTranslation('calendar');
  return (
    <Menu position="bottom-start" withinPortal shadow="md" width={230}>
      <Menu.Target>
        <button
          type="button"
          className={classes.nameButton}
          aria-label={t('grid.unitActions', { name: row.unit.name })}
        >
          <UnitName row={row} subtitle={subtitle} bare />
        </button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{row.unit.name}</Menu.Label>
        <Menu.Item leftSection={<IconCalendarPlus size={16} />} onClick={onBook}>
          {t('chooser.book')}
        </Menu.Item>
        <Menu.Item leftSection={<IconLock size={16} />} onClick={onBlock}>
          {t('chooser.block')}
        </Menu.Item>
        <Menu.Item leftSection={<IconCoins size={16} />} onClick={onPrice}>
          {t('chooser.price')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
