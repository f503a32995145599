import { Button } from '@mantine/core';
import { isTwoFactorChallenge } from '@posada/contracts/account-security';
import { type SocialProvider, socialProviderSchema } from '@posada/contracts/auth';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { pathTo } from '../../../config/routes.ts';
import { authApi } from '../api/auth-api.ts';
import { StatusPanel, StatusText } from '../components/status-panel.tsx';
import { VerifyingPanel } from '../components/verifying-panel.tsx';
import { useCompleteLogin } from '../hooks/use-complete-login.ts';
import { useOnceRequest } from '../hooks/use-once-request.ts';

const providerNames: Record<SocialProvider, string> = { google: 'Google' };

/** /auth/:provider/callback: hands the provider's code and state to the API once, then signs in. */
export function SocialCallbackPage() {
  const { t } = useTranslation('auth');
  const params = useParams();
  const [searchParams] = useSearchParams();
  const completeLogin = useCompleteLogin();

  const provider = socialProviderSchema.safeParse(params.provider);
  const code = searchParams.get('code');
  const state = searchParams.get('state');
  const providerError = searchParams.get('error');
  const canExchange = provider.success && !providerError && code && state;
  const result = useOnceRequest(canExchange ? `${provider.data}:${state}` : null, () =>
    authApi.oauthCallback(provider.data as SocialProvider, { code: code ?? '', state: state ?? '' }),
  );

  const navigate = useNavigate();
  useEffect(() => {
    if (result.status !== 'success') return;
    // With two-factor on, the login screen asks for the code.
    if (isTwoFactorChallenge(result.data)) {
      void navigate(pathTo('Login'), { replace: true, state: { challenge: result.data.challenge } });
    } else completeLogin(result.data);
  }, [result, completeLogin, navigate]);

  const name = provider.success ? providerNames[provider.data] : (params.provider ?? '');
  let failure: string | null = null;
  if (!provider.success) failure = t('social.unknownProvider');
  else if (providerError === 'access_denied') failure = t('social.cancelled', { provider: name });
  else if (!canExchange) failure = t('social.failed', { provider: name });
  else if (result.status === 'error') failure = result.error.message;

  if (failure) {
    return (
      <StatusPanel tone="error" icon={<IconAlertTriangle size={34} />} title={t('social.failedTitle')}>
        <StatusText>{failure}</StatusText>
        <Button component={Link} to={pathTo('Login')} size="md" fullWidth mt="xs">
          {t('social.backToLogin')}
        </Button>
      </StatusPanel>
    );
  }
  return <VerifyingPanel label={t('social.signingIn', { provider: name })} />;
}
