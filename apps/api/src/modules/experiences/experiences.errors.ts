import { AppError } from '../../lib/errors.ts';

/** Coded errors of the experiences store (issue 18); each code is also a key of src/i18n/*.json. */
export const experiencesErrors = {
  /** spec 6: the experiences menu only with premium access; cross-selling is subscription-gated. */
  featureUnavailable: () => new AppError('settings.feature_unavailable', 403),
  propertyNotFound: () => new AppError('properties.not_found', 404),
  serviceNotFound: () => new AppError('experiences.service_not_found', 404),
  providerNotFound: () => new AppError('experiences.provider_not_found', 404),
  requestNotFound: () => new AppError('experiences.request_not_found', 404),
  /** A field-level refusal (400 with `errors.{field}`), nothing stored. */
  invalid: (field: string, code: string) =>
    new AppError('validation.failed', 400, { errors: { [field]: [code] } }),
  /** spec 5: up to 3 photos. */
  tooManyPhotos: () => new AppError('experiences.too_many_photos', 422),
  /** A photo that is not a JPEG, PNG or GIF that decodes, or over 30 MB. */
  photoType: () => new AppError('experiences.photo_type', 422),
  photoTooLarge: () => new AppError('experiences.photo_too_large', 413),
  /** No photo at that position of the service. */
  photoNotFound: () => new AppError('experiences.photo_not_found', 404),
  /** spec 4: the action does not apply to the request's state (approve a paid one, reject a rejected one…). */
  invalidTransition: () => new AppError('experiences.invalid_transition', 409),
  /** spec 8 "Service request failure": the store is off, the service inactive or not offered at that property. */
  requestFailed: () => new AppError('experiences.request_failed', 422),
  /** The guest can pay online only while the request is pending or approved and the payments account is approved. */
  cannotPay: () => new AppError('experiences.cannot_pay', 422),
};
