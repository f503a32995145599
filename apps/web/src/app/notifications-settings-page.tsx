import { Stack } from '@mantine/core';
import { DeliveryPreferences } from '../features/notifications/components/delivery-preferences.tsx';
import { useSettingsContext } from '../features/property-settings/components/settings-context.ts';
import { NotificationsPage } from '../features/property-settings/pages/notifications-page.tsx';

/**
 * Settings route Notifications: the guest confirmation channels (property settings) and, below, the
 * operator's own delivery matrix of this property (notifications; issue 17).
 */
export function NotificationsSettingsPage() {
  const { propertyId } = useSettingsContext();
  return (
    <Stack gap="lg">
      <NotificationsPage />
      <DeliveryPreferences propertyId={propertyId} />
    </Stack>
  );
}
