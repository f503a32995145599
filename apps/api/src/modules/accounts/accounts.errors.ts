import { AppError } from '../../lib/errors.ts';

export const accountsErrors = {
  userNotFound: () => new AppError('auth.unauthenticated', 401),
  propertyNotFound: () => new AppError('accounts.property_not_found', 404),
};
