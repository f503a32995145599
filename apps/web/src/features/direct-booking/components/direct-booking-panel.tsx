import { Loader } from '@mantine/core';

/** The "Reserva directa" tab of the Channels screen (spec 2.4). Filled in by the direct-booking feature. */
export function DirectBookingPanel() {
  return <Loader aria-busy="true" />;
}
