import { AppError } from '../../lib/errors.ts';

/** Coded errors of deposits (issue 16); each code is a message key of src/i18n/*.json. */
export const depositsErrors = {
  /** Unknown check-in, or another account's. */
  notFound: () => new AppError('deposits.not_found', 404),
  /** spec 4: the refund is offered only when the deposit is paid (held or taken). */
  notPaid: () => new AppError('deposits.not_paid', 409),
  /** A damage amount can be charged only while a hold or a saved card is in place. */
  nothingHeld: () => new AppError('deposits.nothing_held', 409),
  overHeld: () => new AppError('deposits.over_held', 422, { errors: { amount: ['deposits.over_held'] } }),
  amountInvalid: () =>
    new AppError('deposits.amount_invalid', 422, { errors: { amount: ['deposits.amount_invalid'] } }),
  /** The amount cannot change while the guest is paying or the deposit is held. */
  inProgress: () => new AppError('deposits.in_progress', 409),
  /** The check-in asks for no deposit. */
  none: () => new AppError('deposits.none', 409),
  /** The deposit is already held or paid: nothing to pay. */
  alreadyHeld: () => new AppError('deposits.already_held', 409),
  /** The card was declined off-session (a damage charge on a saved card). */
  declined: () => new AppError('deposits.card_declined', 402),
};
