import { AppError } from '../../lib/errors.ts';

export const adminErrors = {
  advisorCodeTaken: () =>
    new AppError('admin.advisor_code_taken', 409, { errors: { code: ['admin.advisor_code_taken'] } }),
  advisorNotFound: () => new AppError('admin.advisor_not_found', 404),
  couponCodeTaken: () =>
    new AppError('admin.coupon_code_taken', 409, { errors: { code: ['admin.coupon_code_taken'] } }),
  couponNotFound: () => new AppError('admin.coupon_not_found', 404),
  /** Two admins saved a price version at the same moment: the second reloads and saves again. */
  priceVersionConflict: () => new AppError('admin.price_version_conflict', 409),
  accountNotFound: () => new AppError('admin.account_not_found', 404),
  userNotFound: () => new AppError('admin.user_not_found', 404),
  /** A change that changes nothing (no field given). */
  nothingToChange: () => new AppError('admin.nothing_to_change', 400),
};
