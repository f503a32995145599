import { Container, Stack, Tabs } from '@mantine/core';
import { IconAdjustments, IconCrown, IconFileInvoice } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { pathTo } from '../../../config/routes.ts';
import { useCurrentUser } from '../../../lib/use-session.ts';

const tabs = [
  { route: 'pageSubscription', icon: IconCrown, label: 'tabs.subscription' },
  { route: 'updateSubscription', icon: IconAdjustments, label: 'tabs.manage' },
  { route: 'invoiceList', icon: IconFileInvoice, label: 'tabs.invoices' },
] as const;

/** spec 2.2 business invoices: its children select/suscriptions, manage/update-suscription and invoicelist. */
export function InvoicesLayout() {
  const { t } = useTranslation('subscription');
  const location = useLocation();
  const navigate = useNavigate();
  const subscribed = useCurrentUser().data?.status_subscription === 'subscribed';
  const shown = tabs.filter((tab) => tab.route !== 'updateSubscription' || subscribed);
  const current = shown.find((tab) => location.pathname === pathTo(tab.route))?.route ?? 'pageSubscription';
  return (
    <Container size="lg" px={0}>
      <Stack gap="lg">
        <PageHeader title={t('title')} description={t('subtitle')} />
        <Tabs
          value={current}
          onChange={(value) => value && navigate(pathTo(value as (typeof tabs)[number]['route']))}
        >
          <Tabs.List>
            {shown.map((tab) => (
              <Tabs.Tab key={tab.route} value={tab.route} leftSection={<tab.icon size={16} aria-hidden />}>
                {t(tab.label)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <Outlet />
      </Stack>
    </Container>
  );
}
