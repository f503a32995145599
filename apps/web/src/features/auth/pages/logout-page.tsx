import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { pathTo } from '../../../config/routes.ts';
import { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { getToken } from '../../../lib/session.ts';
import { useEndSession } from '../../../lib/use-session.ts';
import { authApi } from '../api/auth-api.ts';
import { StandaloneFrame } from '../components/standalone-frame.tsx';
import { VerifyingPanel } from '../components/verifying-panel.tsx';

/**
 * /logout: revokes the token on the server, then always forgets the session locally and goes to
 * Login. A 401 means the token was already gone; any other failure gets spec 8's message.
 */
export function LogoutPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const endSession = useEndSession();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const hadSession = Boolean(getToken());
    const revoke = hadSession ? authApi.logout() : Promise.resolve();
    revoke
      .then(
        () => hadSession && notify.success(t('logout.done')),
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 401) notify.success(t('logout.done'));
          else notify.error(t('common:errors.logout'));
        },
      )
      .finally(() => {
        endSession();
        void navigate(pathTo('Login'), { replace: true });
      });
  }, [endSession, navigate, t]);

  return (
    <StandaloneFrame>
      <VerifyingPanel label={t('logout.inProgress')} />
    </StandaloneFrame>
  );
}
