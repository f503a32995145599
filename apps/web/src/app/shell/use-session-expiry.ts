import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { pathTo } from '../../config/routes.ts';
import { onUnauthorized } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useEndSession } from '../../lib/use-session.ts';

/** When the API says the session is over (401), forget it and go to Login, coming back here after. */
export function useSessionExpiry() {
  const navigate = useNavigate();
  const location = useLocation();
  const endSession = useEndSession();
  const { t } = useTranslation('shell');
  const here = useRef('');
  here.current = `${location.pathname}${location.search}`;
  useEffect(() => {
    let handled = false;
    return onUnauthorized(() => {
      if (handled) return;
      handled = true;
      endSession();
      notify.warning(t('session.expired'));
      navigate(pathTo('Login', undefined, { next: here.current }), { replace: true });
    });
  }, [endSession, navigate, t]);
}
