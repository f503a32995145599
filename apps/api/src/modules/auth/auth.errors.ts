import { AppError } from '../../lib/errors.ts';

/** Coded errors of sign-in and accounts; each code is also its message key in src/i18n/*.json. */
export const authErrors = {
  invalidCredentials: () => new AppError('auth.invalid_credentials', 401),
  emailNotVerified: () => new AppError('auth.email_not_verified', 403),
  tooManyAttempts: (seconds: number) =>
    new AppError('auth.too_many_attempts', 429, {
      params: { seconds },
      headers: { 'retry-after': String(seconds) },
    }),
  emailTaken: () => new AppError('auth.email_taken', 409, { errors: { email: ['auth.email_taken'] } }),
  phoneInvalid: () => new AppError('auth.phone_invalid', 422, { errors: { phone: ['auth.phone_invalid'] } }),
  advisorCodeInvalid: () =>
    new AppError('auth.advisor_code_invalid', 422, {
      errors: { advisor_code: ['auth.advisor_code_invalid'] },
    }),
  confirmationLinkInvalid: () => new AppError('auth.confirmation_link_invalid', 400),
  confirmationLinkUsed: () => new AppError('auth.confirmation_link_used', 410),
  confirmationLinkExpired: () => new AppError('auth.confirmation_link_expired', 410),
  resetLinkInvalid: () => new AppError('auth.reset_link_invalid', 400),
  resetLinkUsed: () => new AppError('auth.reset_link_used', 410),
  resetLinkExpired: () => new AppError('auth.reset_link_expired', 410),
  signInLinkInvalid: () => new AppError('auth.sign_in_link_invalid', 400),
  signInLinkUsed: () => new AppError('auth.sign_in_link_used', 410),
  signInLinkExpired: () => new AppError('auth.sign_in_link_expired', 410),
  providerNotConfigured: () => new AppError('auth.provider_not_configured', 404),
  oauthStateInvalid: () => new AppError('auth.oauth_state_invalid', 400),
  providerError: () => new AppError('auth.provider_error', 502),
  providerEmailUnverified: () => new AppError('auth.provider_email_unverified', 422),
  logoutFailed: () => new AppError('auth.logout_failed', 500),
  // Account security pages and two-factor sign-in
  currentPasswordWrong: () =>
    new AppError('auth.current_password_wrong', 422, {
      errors: { current_password: ['auth.current_password_wrong'] },
    }),
  passwordWrong: () =>
    new AppError('auth.current_password_wrong', 422, {
      errors: { password: ['auth.current_password_wrong'] },
    }),
  noPassword: () => new AppError('auth.no_password', 422),
  sessionNotFound: () => new AppError('auth.session_not_found', 404),
  twoFactorCodeWrong: () =>
    new AppError('auth.two_factor_code_wrong', 422, { errors: { code: ['auth.two_factor_code_wrong'] } }),
  twoFactorCodeReplayed: () =>
    new AppError('auth.two_factor_code_replayed', 422, {
      errors: { code: ['auth.two_factor_code_replayed'] },
    }),
  twoFactorChallengeInvalid: () => new AppError('auth.two_factor_challenge_invalid', 401),
  twoFactorAlreadyEnabled: () => new AppError('auth.two_factor_already_enabled', 409),
  twoFactorNotEnabled: () => new AppError('auth.two_factor_not_enabled', 409),
  twoFactorSetupMissing: () => new AppError('auth.two_factor_setup_missing', 409),
};
