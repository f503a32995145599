import { Button } from '@mantine/core';
import { isTwoFactorChallenge } from '@posada/contracts/account-security';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { pathTo } from '../../../config/routes.ts';
import { authApi } from '../api/auth-api.ts';
import { StatusPanel, StatusText } from '../components/status-panel.tsx';
import { VerifyingPanel } from '../components/verifying-panel.tsx';
import { useCompleteLogin } from '../hooks/use-complete-login.ts';
import { useOnceRequest } from '../hooks/use-once-request.ts';

/** /entrar/:token (issue 27): the e-mailed sign-in link, sent to the API once; two-step sign-in still asks its code. */
export function SignInLinkPage() {
  const { t } = useTranslation('auth');
  const { token = '' } = useParams();
  const completeLogin = useCompleteLogin();
  const navigate = useNavigate();
  const result = useOnceRequest(token ? `sign-in:${token}` : null, () => authApi.signInWithLink({ token }));

  useEffect(() => {
    if (result.status !== 'success') return;
    if (isTwoFactorChallenge(result.data)) {
      void navigate(pathTo('Login'), { replace: true, state: { challenge: result.data.challenge } });
    } else completeLogin(result.data);
  }, [result, completeLogin, navigate]);

  if (result.status === 'error' || !token) {
    return (
      <StatusPanel tone="error" icon={<IconAlertTriangle size={34} />} title={t('signInLink.failedTitle')}>
        <StatusText>
          {result.status === 'error' ? result.error.message : t('signInLink.failedTitle')}
        </StatusText>
        <Button component={Link} to={pathTo('Login')} size="md" fullWidth mt="xs">
          {t('signInLink.backToLogin')}
        </Button>
      </StatusPanel>
    );
  }
  return <VerifyingPanel label={t('signInLink.signingIn')} />;
}
