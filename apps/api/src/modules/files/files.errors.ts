import { AppError } from '../../lib/errors.ts';

/** Coded errors of uploads; each code is also its message key in src/i18n/*.json. */
export const filesErrors = {
  missing: () => new AppError('files.missing', 400, { errors: { file: ['files.missing'] } }),
  logoType: () => new AppError('files.logo_type', 422, { errors: { file: ['files.logo_type'] } }),
  svgUnsafe: () => new AppError('files.svg_unsafe', 422, { errors: { file: ['files.svg_unsafe'] } }),
  damaged: () => new AppError('files.damaged', 422, { errors: { file: ['files.damaged'] } }),
  logoTooLarge: () =>
    new AppError('files.logo_too_large', 413, { errors: { file: ['files.logo_too_large'] } }),
  notFound: () => new AppError('common.not_found', 404),
};
