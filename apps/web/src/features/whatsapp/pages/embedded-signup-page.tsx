import { Alert, Button, Container, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { pathTo } from '../../../config/routes.ts';
import { notify } from '../../../lib/notify.ts';
import { SIGNUP_PIN_KEY, useEmbeddedSignup } from '../api/whatsapp-api.ts';
import { errorText } from '../lib/error-text.ts';

type Outcome =
  | { kind: 'working' }
  | { kind: 'done'; number: string | null }
  | { kind: 'failed'; message: string };

/**
 * spec 2.2 waba_integration/embedded-signup: where Meta's dialog returns (redirect_uri) with `code` and our
 * `state` (or `error` when the operator cancelled). Posts them once, shows the progress, then the number
 * connected (and goes to account-waba) or a clear error with a way back.
 */
export function EmbeddedSignupPage() {
  const { t } = useTranslation('whatsapp');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const signup = useEmbeddedSignup();
  const started = useRef(false);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per return from Meta.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = params.get('code');
    const state = params.get('state');
    if (params.get('error') || !code || !state) {
      setOutcome({
        kind: 'failed',
        message: params.get('error') ? t('signup.cancelled') : t('signup.missingCode'),
      });
      return;
    }
    const pin = sessionStorage.getItem(SIGNUP_PIN_KEY) ?? undefined;
    sessionStorage.removeItem(SIGNUP_PIN_KEY);
    // The code is single-use: the address bar no longer carries it.
    window.history.replaceState(null, '', window.location.pathname);
    signup.mutate(
      { code, state, pin },
      {
        onSuccess: (account) => {
          setOutcome({ kind: 'done', number: account.display_phone_number });
          notify.success(t('signup.connected', { number: account.display_phone_number ?? '' }));
          window.setTimeout(() => navigate(pathTo('accountWaba'), { replace: true }), 1500);
        },
        onError: (error) => setOutcome({ kind: 'failed', message: errorText(error, t('errors.action')) }),
      },
    );
  }, []);

  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="lg" p="xl" data-testid="waba-signup" data-outcome={outcome.kind}>
        {outcome.kind === 'working' ? (
          <Stack align="center" gap="md" py="lg" role="status" aria-live="polite">
            <Loader />
            <Title order={2} fz="h4" ta="center">
              {t('signup.working')}
            </Title>
            <Text size="sm" c="dimmed" ta="center" maw={420}>
              {t('signup.workingHint')}
            </Text>
          </Stack>
        ) : outcome.kind === 'done' ? (
          <Stack align="center" gap="md" py="lg" role="status" aria-live="polite">
            <ThemeIcon size={56} radius="xl" variant="light" color="teal">
              <IconCircleCheck size={30} aria-hidden />
            </ThemeIcon>
            <Title order={2} fz="h4" ta="center">
              {t('signup.doneTitle')}
            </Title>
            <Text size="sm" ta="center" dir="auto">
              {t('signup.doneBody', { number: outcome.number ?? '' })}
            </Text>
            <Button component={Link} to={pathTo('accountWaba')} replace>
              {t('signup.goToAccount')}
            </Button>
          </Stack>
        ) : (
          <Stack gap="md">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon size={40} radius="xl" variant="light" color="red">
                <IconAlertTriangle size={22} aria-hidden />
              </ThemeIcon>
              <Title order={2} fz="h4">
                {t('signup.failedTitle')}
              </Title>
            </Group>
            <Alert color="red" variant="light" role="alert">
              {outcome.message}
            </Alert>
            <Group gap="sm">
              <Button component={Link} to={pathTo('wabaIntegration')} replace>
                {t('signup.tryAgain')}
              </Button>
              <Button component={Link} to={pathTo('accountWaba')} variant="default" replace>
                {t('signup.goToAccount')}
              </Button>
            </Group>
          </Stack>
        )}
      </Paper>
    </Container>
  );
}
