import { Badge, Box } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { BrandMark } from '../../components/brand-logo.tsx';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import { LanguageButton } from '../../components/language-button.tsx';
import { LanguageModal } from '../../components/language-modal.tsx';
import { pathTo } from '../../config/routes.ts';
import { getToken } from '../../lib/session.ts';
import { useIsMobile } from '../../lib/use-is-mobile.ts';
import { useCurrentUser } from '../../lib/use-session.ts';
import { AppFrame } from '../shell/app-frame.tsx';
import { adminSidebarItems, navContextFor, visibleNavItems } from '../shell/nav-items.ts';
import { useSessionExpiry } from '../shell/use-session-expiry.ts';
import { useSocketToasts } from '../shell/use-socket-toasts.ts';
import { UserMenu } from '../shell/user-menu.tsx';

/** spec 2.3 / 6 admin area: sidebar Home, Asesores, Usuarios, Cerrar sesión; no property picker. */
export function AdminLayout() {
  const { t } = useTranslation('shell');
  const { data: user } = useCurrentUser();
  const isMobile = useIsMobile();
  const location = useLocation();
  const [languageOpened, language] = useDisclosure(false);
  useSessionExpiry();
  useSocketToasts(getToken(), user?.id);

  if (!user) return <FullPageLoader />;
  // Two-factor is required for admin accounts: until enrolled, the enrolment is the only admin screen.
  if (!user.two_factor_enabled && location.pathname !== pathTo('adminSecurity')) {
    return <Navigate to={pathTo('adminSecurity')} replace />;
  }
  const items = visibleNavItems(adminSidebarItems, navContextFor(user, isMobile));
  const tag = (
    <Badge variant="light" color="grape" radius="sm" size="lg" tt="none" fw={600}>
      {t('admin.tag')}
    </Badge>
  );
  return (
    <>
      <AppFrame
        sidebarItems={items}
        mobileItems={items}
        headerStart={
          <>
            <Box hiddenFrom="sm" display="flex">
              <BrandMark size={30} />
            </Box>
            {tag}
          </>
        }
        headerEnd={
          <>
            <LanguageButton onClick={language.open} compact={isMobile} />
            <UserMenu user={user} onOpenLanguage={language.open} accountTo={pathTo('adminSecurity')} />
          </>
        }
      >
        <Outlet />
      </AppFrame>
      <LanguageModal opened={languageOpened} onClose={language.close} />
    </>
  );
}
