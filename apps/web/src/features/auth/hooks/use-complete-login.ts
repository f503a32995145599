import type { LoginData } from '@posada/contracts/auth';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { pathTo } from '../../../config/routes.ts';
import { notify } from '../../../lib/notify.ts';
import { useStartSession } from '../../../lib/use-session.ts';
import { safeNextPath } from '../lib/safe-next.ts';

/**
 * What a successful sign-in does (password or social): store the session, then the legacy bridge
 * for legacy users (spec 4), else the guard's `next` path or the role's home (spec 6).
 */
export function useCompleteLogin() {
  const startSession = useStartSession();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const next = searchParams.get('next');
  return useCallback(
    (data: LoginData) => {
      startSession(data.token, data.user);
      const home = pathTo(data.user.type === 'admin' ? 'HomeManager' : 'Dashboard');
      const target = data.legacy_redirect ? pathTo('legacyBridge') : (safeNextPath(next) ?? home);
      // The welcome belongs to the page signed in to: shown once it is on screen, gone when the user moves on.
      void Promise.resolve(navigate(target, { replace: true })).then(() => {
        if (data.message) notify.success(data.message, undefined, { page: true });
      });
    },
    [startSession, navigate, next],
  );
}
