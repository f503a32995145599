import { AppError } from '../../lib/errors.ts';

/** Coded errors of the unrouted messages (issue 26, docs/messaging.md); each code is a key of src/i18n/*.json. */
export const inboxUnroutedErrors = {
  notFound: () => new AppError('inbox_unrouted.not_found', 404),
  /** Assigned before (by another admin, or a second click): it is in that account's inbox already. */
  alreadyAssigned: () => new AppError('inbox_unrouted.already_assigned', 409),
  /** The message is already in an account's inbox (it was routed later): nothing to move. */
  alreadyInInbox: () => new AppError('inbox_unrouted.already_in_inbox', 409),
  /** No phone (WhatsApp withheld it: a username user): a thread needs a phone or an e-mail. */
  noPhone: () => new AppError('inbox_unrouted.no_phone', 422),
  accountNotFound: () =>
    new AppError('validation.failed', 400, {
      messageKey: 'validation.failed',
      errors: { account_id: ['inbox_unrouted.account_not_found'] },
    }),
};
