import { Alert, Button, Container, Skeleton, Stack } from '@mantine/core';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PlanUpgradePrompt } from '../../../components/plan-upgrade-prompt.tsx';
import { pathTo } from '../../../config/routes.ts';
import { broadcastSetupQuery, useBroadcastsLive } from '../api/broadcasts-api.ts';
import { BroadcastDetailDrawer } from '../components/broadcast-detail.tsx';
import { BroadcastHistory } from '../components/broadcast-history.tsx';
import { BroadcastWizard } from '../components/broadcast-wizard.tsx';

/**
 * spec 2.2 whatsapp-mass-communication (issue 17): one approved WhatsApp template to the guests of chosen
 * bookings, at the account's daily limit, and how each past broadcast went per recipient.
 */
export function MassCommunicationPage() {
  const { t } = useTranslation('broadcasts');
  const setup = useQuery(broadcastSetupQuery());
  const [openId, setOpenId] = useState<string | null>(null);
  useBroadcastsLive();

  let top: React.ReactNode;
  if (setup.isPending) top = <Skeleton h={220} radius="lg" />;
  else if (setup.isError)
    top = <LoadError title={t('loadError')} onRetry={() => setup.refetch()} retrying={setup.isFetching} />;
  else if (!setup.data.available)
    top = (
      <PlanUpgradePrompt
        testId="broadcasts-upgrade"
        texts={{ title: t('upgrade.title'), body: t('upgrade.body'), cta: t('upgrade.cta') }}
      />
    );
  else if (!setup.data.sender)
    top = (
      <Alert
        color="yellow"
        variant="light"
        radius="lg"
        icon={<IconBrandWhatsapp size={20} aria-hidden />}
        title={t('noSender.title')}
        data-testid="broadcasts-no-sender"
      >
        {t('noSender.body')}
        <Button
          component={Link}
          to={pathTo('wabaIntegrationPage')}
          size="xs"
          mt="sm"
          display="block"
          w="fit-content"
        >
          {t('noSender.cta')}
        </Button>
      </Alert>
    );
  else top = <BroadcastWizard setup={setup.data} onSent={setOpenId} />;

  return (
    <Container size="lg" px={0}>
      <Stack gap="lg">
        <PageHeader title={t('title')} description={t('description')} />
        {top}
        <BroadcastHistory onOpen={setOpenId} />
      </Stack>
      <BroadcastDetailDrawer id={openId} onClose={() => setOpenId(null)} />
    </Container>
  );
}
