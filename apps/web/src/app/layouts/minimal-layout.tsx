import { Box, CloseButton, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches, useNavigate } from 'react-router';
import { BrandLogo } from '../../components/brand-logo.tsx';
import { confirmLogout } from '../../components/confirm-logout.tsx';
import { type RouteHandle, resolveRoutePath } from '../../config/contract-routes.ts';
import { minimalCloseTarget } from '../../config/minimal-close-target.ts';
import { pathTo } from '../../config/routes.ts';

/**
 * spec 2.3 Minimal layout: the page alone with a close button. Routes using it name themselves in
 * their `handle` ({ name: 'checkinManual' }); the close target follows minimalCloseTarget.
 */
export function MinimalLayout() {
  const { t } = useTranslation(['shell', 'common']);
  const navigate = useNavigate();
  const matches = useMatches();
  const name = matches
    .map((m) => (m.handle as RouteHandle | undefined)?.name)
    .filter(Boolean)
    .at(-1);

  const close = () => {
    const target = minimalCloseTarget(name);
    if (target === 'confirm-logout') return confirmLogout(t, navigate);
    // A target whose screen is not built yet falls back to the home of the business area.
    void navigate(resolveRoutePath(target) ?? pathTo('Dashboard'));
  };

  return (
    <Box mih="100dvh" bg="var(--mantine-color-gray-0)">
      <Group
        justify="space-between"
        px={{ base: 'md', sm: 'xl' }}
        h={64}
        bg="white"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
        component="header"
      >
        <BrandLogo size={28} />
        <CloseButton size="lg" onClick={close} aria-label={t('common:actions.close')} />
      </Group>
      <Box component="main" p={{ base: 'md', sm: 'xl' }} maw={1100} mx="auto">
        <Outlet />
      </Box>
    </Box>
  );
}
