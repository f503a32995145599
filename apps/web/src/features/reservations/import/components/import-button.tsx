import { Button } from '@mantine/core';
import { IconTableImport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../../config/routes.ts';

/** The Reservas header's way to the import page (spec 2.4: the bookings list with import). */
export function ImportBookingsButton() {
  const { t } = useTranslation('reservations');
  return (
    <Button
      component={Link}
      to={pathTo('importBookings')}
      variant="default"
      leftSection={<IconTableImport size={18} aria-hidden />}
    >
      {t('import.open')}
    </Button>
  );
}
