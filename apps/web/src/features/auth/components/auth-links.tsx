import { Anchor, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../config/routes.ts';

/** "Back to sign in", under the forms and status panels of the auth screens. */
export function BackToLoginLink() {
  const { t } = useTranslation('auth');
  return (
    <Anchor component={Link} to={pathTo('Login')} size="sm">
      {t('checkEmail.backToLogin')}
    </Anchor>
  );
}

/** The footer line that switches between sign-in and sign-up: "No account? Register". */
export function AuthSwitchPrompt({
  prompt,
  to,
  children,
}: {
  prompt: string;
  to: string;
  children: ReactNode;
}) {
  return (
    <Text ta="center" size="sm" c="dimmed">
      {prompt}{' '}
      <Anchor component={Link} to={to} fw={600}>
        {children}
      </Anchor>
    </Text>
  );
}
