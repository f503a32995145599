import { AppError } from '../../lib/errors.ts';

/** Coded errors of the concierge (issue 19, docs/concierge.md); each code is also a key of src/i18n/*.json. */
export const conciergeErrors = {
  /** Another account's property, or none: 404 like every foreign id. */
  propertyNotFound: () => new AppError('properties.not_found', 404),
  questionNotFound: () => new AppError('concierge.question_not_found', 404),
  /** BOT_QUESTIONS_MAX questions per property. */
  tooManyQuestions: () => new AppError('concierge.too_many_questions', 409),
  /** The answer's image: a JPEG, PNG or GIF that decodes … */
  imageType: () => new AppError('concierge.image_type', 400, { errors: { image: ['concierge.image_type'] } }),
  /** … of at most BOT_IMAGE_MAX_BYTES (what WhatsApp takes as an image). */
  imageTooLarge: () =>
    new AppError('concierge.image_too_large', 413, { errors: { image: ['concierge.image_too_large'] } }),
  /** The multipart upload carries no `image` file. */
  imageMissing: () =>
    new AppError('concierge.image_missing', 400, { errors: { image: ['concierge.image_missing'] } }),
  /** The question has no image to delete. */
  imageNotFound: () => new AppError('concierge.image_not_found', 404),
};
