import {
  type ReviewReport,
  type ReviewSettings,
  type ReviewSettingsBody,
  reviewPaths,
} from '@posada/contracts/reviews';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** When the property's review request goes out and on which scale (with the guest-reviews switch, read only). */
export const reviewSettingsQuery = (propertyId: string) =>
  queryOptions({
    queryKey: ['reviews', 'settings', propertyId] as const,
    queryFn: () => api.get<ReviewSettings>(reviewPaths.settings(propertyId)),
  });

/** Sent, answered, the average and distribution, the latest answers. */
export const reviewReportQuery = (propertyId: string) =>
  queryOptions({
    queryKey: ['reviews', 'report', propertyId] as const,
    queryFn: () => api.get<ReviewReport>(reviewPaths.report(propertyId)),
  });

export function useSaveReviewSettings(propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewSettingsBody) => api.put<ReviewSettings>(reviewPaths.settings(propertyId), body),
    onSuccess: (data) => {
      queryClient.setQueryData(reviewSettingsQuery(propertyId).queryKey, data);
      return queryClient.invalidateQueries({ queryKey: ['reviews', 'report', propertyId] });
    },
  });
}
