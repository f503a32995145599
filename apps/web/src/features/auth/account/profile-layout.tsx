import { Container, Stack, Tabs } from '@mantine/core';
import {
  IconBrandWhatsapp,
  IconCalendarRepeat,
  IconCreditCard,
  IconFileInvoice,
  IconLanguage,
  IconPlugConnected,
  IconReceipt,
  IconShieldLock,
  IconUserCircle,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { pathTo } from '../../../config/routes.ts';

const tabs = [
  { route: 'configAccount', icon: IconUserCircle, label: 'tabs.account' },
  { route: 'configLanguage', icon: IconLanguage, label: 'tabs.language' },
  { route: 'secureSesion', icon: IconShieldLock, label: 'tabs.security' },
  { route: 'integrations', icon: IconPlugConnected, label: 'tabs.integrations' },
  { route: 'connectionChannel', icon: IconCalendarRepeat, label: 'channels:profile.tab' },
  { route: 'profilePayments', icon: IconCreditCard, label: 'payments:account.tab' },
  { route: 'billing', icon: IconReceipt, label: 'subscription:tabs.billing' },
  { route: 'accountInvoices', icon: IconFileInvoice, label: 'subscription:tabs.invoices' },
  { route: 'accountWaba', icon: IconBrandWhatsapp, label: 'whatsapp:tab', also: ['wabaIntegration'] },
] as const;

/** spec 2.2 profile: its children config-account, config-language, secure-sesion and integrations as tabs. */
export function ProfileLayout() {
  const { t } = useTranslation('account');
  const location = useLocation();
  const navigate = useNavigate();
  const current =
    tabs.find(
      (tab) =>
        location.pathname === pathTo(tab.route) ||
        ('also' in tab && tab.also.some((route) => location.pathname === pathTo(route))),
    )?.route ?? 'configAccount';
  return (
    <Container size="md" px={0}>
      <Stack gap="lg">
        <PageHeader title={t('title')} description={t('subtitle')} />
        <Tabs
          value={current}
          onChange={(value) => value && navigate(pathTo(value as (typeof tabs)[number]['route']))}
        >
          <Tabs.List>
            {tabs.map((tab) => (
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
