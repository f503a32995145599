import { Container, Stack, Tabs } from '@mantine/core';
import { hasPremiumAccess } from '@posada/domain/subscription';
import {
  IconBuildingCommunity,
  IconChartBar,
  IconInbox,
  IconSparkles,
  IconTruckDelivery,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { PlanUpgradePrompt } from '../../../components/plan-upgrade-prompt.tsx';
import { pathTo } from '../../../config/routes.ts';
import { useCurrentUser } from '../../../lib/use-session.ts';

/** The experiences area's sections (spec 2.2 service and upselling/ with its children; spec 2.4). */
export const experiencesTabs = [
  { key: 'services', route: 'Ofertas', icon: IconSparkles },
  { key: 'requests', route: 'serviceRequests', icon: IconInbox },
  { key: 'accommodations', route: 'upsellingAccommodations', icon: IconBuildingCommunity },
  { key: 'providers', route: 'upsellingProviders', icon: IconTruckDelivery },
  { key: 'reports', route: 'upsellingReports', icon: IconChartBar },
] as const;
export type ExperiencesTab = (typeof experiencesTabs)[number]['key'];

/**
 * The frame of every experiences screen: the title, the sections as tabs, and spec 6's gate (the
 * experiences menu only with premium access: plan smart, subscribed), an upgrade prompt otherwise.
 */
export function ExperiencesFrame({
  tab,
  actions,
  children,
}: {
  tab: ExperiencesTab;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('experiences');
  const navigate = useNavigate();
  const user = useCurrentUser().data;
  const premium = user ? hasPremiumAccess(user) : true;
  return (
    <Container size="xl" px={0}>
      <Stack gap="lg">
        <PageHeader
          title={t('frame.title')}
          description={t('frame.subtitle')}
          actions={premium ? actions : null}
        />
        <Tabs
          value={tab}
          onChange={(value) => {
            const target = experiencesTabs.find((x) => x.key === value);
            if (target) navigate(pathTo(target.route));
          }}
        >
          {/* One row that scrolls sideways on a phone rather than wrapping to three. */}
          <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
            {experiencesTabs.map((x) => (
              <Tabs.Tab
                key={x.key}
                value={x.key}
                leftSection={<x.icon size={16} aria-hidden />}
                style={{ flexShrink: 0 }}
              >
                {t(`frame.tabs.${x.key}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        {premium ? (
          children
        ) : (
          <PlanUpgradePrompt
            testId="experiences-upgrade"
            texts={{
              title: t('frame.upgrade.title'),
              body: t('frame.upgrade.body'),
              cta: t('frame.upgrade.cta'),
            }}
          />
        )}
      </Stack>
    </Container>
  );
}
