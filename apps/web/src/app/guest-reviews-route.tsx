import { Stack } from '@mantine/core';
import { useOutletContext } from 'react-router';
import { GuestReviewsPage } from '../features/property-settings/pages/guest-reviews-page.tsx';
import { ReviewRequestsPanel } from '../features/reviews/components/review-requests-panel.tsx';

/** guest-reviews: the switch and review URL (property settings), then the requests' timing, scale and report. */
export function GuestReviewsRoute() {
  const { propertyId } = useOutletContext<{ propertyId: string }>();
  return (
    <Stack gap="lg">
      <GuestReviewsPage />
      <ReviewRequestsPanel propertyId={propertyId} />
    </Stack>
  );
}
