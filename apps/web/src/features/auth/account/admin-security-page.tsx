import { Alert, Card, Container, Stack } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { pathTo } from '../../../config/routes.ts';
import { useCurrentUser } from '../../../lib/use-session.ts';
import { SecurityPage } from './security-page.tsx';
import { TwoFactorEnrol } from './two-factor-enrol.tsx';

/**
 * The admin's own security. Two-factor is required for admin accounts: until it is on, the admin area
 * sends an admin here (the API answers 403 auth.two_factor_enrolment_required on admin routes).
 */
export function AdminSecurityPage() {
  const { t } = useTranslation('account');
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  // Latched at first render: the recovery codes stay on screen after the user refetch says it is on.
  const [enrolling, setEnrolling] = useState(() => !user?.two_factor_enabled);
  return (
    <Container size="md" px={0}>
      <Stack gap="lg">
        <PageHeader title={t('admin.title')} description={t('admin.subtitle')} />
        {!enrolling ? (
          <SecurityPage />
        ) : (
          <>
            <Alert color="yellow" icon={<IconShieldLock size={20} />} title={t('admin.requiredTitle')}>
              {t('admin.requiredBody')}
            </Alert>
            <Card withBorder radius="md" padding="lg">
              <TwoFactorEnrol
                onDone={() => {
                  setEnrolling(false);
                  void navigate(pathTo('HomeManager'), { replace: true });
                }}
              />
            </Card>
          </>
        )}
      </Stack>
    </Container>
  );
}
