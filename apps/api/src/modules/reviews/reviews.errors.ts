import { AppError } from '../../lib/errors.ts';

/** Coded errors of the review requests; each code is also a key of src/i18n/*.json. */
export const reviewsErrors = {
  propertyNotFound: () => new AppError('properties.not_found', 404),
  /** A token that is not a sent request (unknown, or its message never went out). */
  notFound: () => new AppError('reviews.not_found', 404),
  featureUnavailable: () => new AppError('settings.feature_unavailable', 403),
  /** A score outside the scale the guest was asked on: nothing is stored. */
  invalidScore: () =>
    new AppError('validation.failed', 400, { errors: { score: ['reviews.invalid_score'] } }),
};
