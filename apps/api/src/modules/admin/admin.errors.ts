import { AppError } from '../../lib/errors.ts';

export const adminErrors = {
  advisorCodeTaken: () =>
    new AppError('admin.advisor_code_taken', 409, { errors: { code: ['admin.advisor_code_taken'] } }),
  advisorNotFound: () => new AppError('admin.advisor_not_found', 404),
};
