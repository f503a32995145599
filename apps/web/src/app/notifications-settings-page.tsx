import { Stack } from '@mantine/core';
import { MessagingChannelsPanel } from '../features/deliveries/components/messaging-channels-panel.tsx';
import { DeliveryPreferences } from '../features/notifications/components/delivery-preferences.tsx';
import { useSettingsContext } from '../features/property-settings/components/settings-context.ts';
import { NotificationsPage } from '../features/property-settings/pages/notifications-page.tsx';

/**
 * Settings route Notifications: the guest confirmation channels (property settings), the property's
 * messaging channels as they really are, their templates and the channel order per guest message
 * (deliveries; issue 26) and, below, the operator's own delivery matrix of this property (notifications;
 * issue 17).
 */
export function NotificationsSettingsPage() {
  const { propertyId } = useSettingsContext();
  return (
    <Stack gap="lg">
      <NotificationsPage />
      <MessagingChannelsPanel propertyId={propertyId} />
      <DeliveryPreferences propertyId={propertyId} />
    </Stack>
  );
}
