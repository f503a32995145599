import { Box, CloseButton, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches, useNavigate } from 'react-router';
import { BrandLogo, BrandMark } from '../../../../components/brand-logo.tsx';
import { LanguageButton } from '../../../../components/language-button.tsx';
import { LanguageModal } from '../../../../components/language-modal.tsx';
import { type RouteHandle, resolveRoutePath } from '../../../../config/contract-routes.ts';
import { minimalCloseTarget } from '../../../../config/minimal-close-target.ts';
import { pathTo } from '../../../../config/routes.ts';
import { useIsMobile } from '../../../../lib/use-is-mobile.ts';

/**
 * spec 2.3 Minimal layout for the calendars: the page alone, as wide as the screen, with a close button
 * that goes back to Dashboard (minimalCloseTarget). The calendar fills the height below the bar.
 */
export function CalendarLayout() {
  const { t } = useTranslation(['calendar', 'common']);
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const [languageOpened, language] = useDisclosure(false);
  const name = useMatches()
    .map((m) => (m.handle as RouteHandle | undefined)?.name)
    .filter(Boolean)
    .at(-1);

  const close = () => {
    const target = minimalCloseTarget(name);
    const href = target === 'confirm-logout' ? null : resolveRoutePath(target);
    void navigate(href ?? pathTo('Dashboard'));
  };

  return (
    <Box h="100dvh" display="flex" style={{ flexDirection: 'column' }} bg="var(--mantine-color-gray-0)">
      <Group
        component="header"
        justify="space-between"
        wrap="nowrap"
        px={{ base: 'sm', sm: 'lg' }}
        h={56}
        bg="white"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-2)', flex: 'none' }}
      >
        {isMobile ? <BrandMark size={28} /> : <BrandLogo size={26} />}
        <Group gap={4} wrap="nowrap">
          <LanguageButton onClick={language.open} compact={isMobile} />
          <CloseButton size="lg" onClick={close} aria-label={t('calendar:layout.close')} />
        </Group>
      </Group>
      <Box
        component="main"
        px={{ base: 'xs', sm: 'lg' }}
        pt={{ base: 'xs', sm: 'md' }}
        pb={{ base: 'xs', sm: 'md' }}
        style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}
      >
        <Outlet />
      </Box>
      <LanguageModal opened={languageOpened} onClose={language.close} />
    </Box>
  );
}
