import { Box, Center, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { BrandLogo } from '../../components/brand-logo.tsx';
import { FullPageLoader } from '../../components/full-page-loader.tsx';
import { LanguageButton } from '../../components/language-button.tsx';
import { LanguageModal } from '../../components/language-modal.tsx';
import { pathTo, type RouteName, routePaths } from '../../config/routes.ts';
import { safeNextPath } from '../../features/auth/lib/safe-next.ts';
import { ApiError } from '../../lib/api.ts';
import { clearLocalStorage, getToken } from '../../lib/session.ts';
import { useCurrentUser, useEndSession } from '../../lib/use-session.ts';
import { authRedirectTarget } from '../shell/session-routes.ts';
import classes from './auth-layout.module.css';

const exceptions: RouteName[] = ['confirmacionReset', 'Confirmar'];

function currentAuthRoute(pathname: string): RouteName | null {
  return exceptions.find((name) => matchPath(routePaths[name], pathname)) ?? null;
}

/**
 * spec 2.3 Auth layout. A user already signed in when arriving is sent home (admin → HomeManager,
 * empresa → Dashboard, except on confirmacionReset); a visitor's local storage is cleared (language
 * kept). A session started on one of these pages is routed by that page (next path, legacy bridge).
 */
export function AuthLayout() {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const { data: user, error, isPending } = useCurrentUser();
  const endSession = useEndSession();
  const [signedInOnArrival] = useState(() => Boolean(getToken()));
  const [languageOpened, language] = useDisclosure(false);

  useEffect(() => {
    if (!getToken()) clearLocalStorage();
  }, []);
  // A stored token the API no longer accepts is a visitor too.
  useEffect(() => {
    if (error instanceof ApiError && error.status === 401) endSession();
  }, [error, endSession]);

  if (signedInOnArrival && getToken()) {
    if (!user && isPending) return <FullPageLoader />;
    const target = authRedirectTarget(user, currentAuthRoute(location.pathname));
    if (target) return <Navigate to={safeNextPath(searchParams.get('next')) ?? pathTo(target)} replace />;
  }

  return (
    <Box className={classes.root}>
      <BrandPanel />
      <Box className={classes.formSide}>
        <Group justify="space-between" px={{ base: 'md', sm: 'xl' }} py="md" wrap="nowrap">
          <Box className={classes.mobileBrand}>
            <BrandLogo size={28} />
          </Box>
          <Box ms="auto">
            <LanguageButton onClick={language.open} />
          </Box>
        </Group>
        <Center className={classes.formArea} component="main">
          <Box w="100%">
            <Outlet />
          </Box>
        </Center>
      </Box>
      <LanguageModal opened={languageOpened} onClose={language.close} />
    </Box>
  );
}

function BrandPanel() {
  const { t } = useTranslation('shell');
  const points = ['checkin', 'police', 'channels', 'assistant'] as const;
  return (
    <Box className={classes.brandPanel} component="aside" aria-label={t('authBrand.label')}>
      <BrandLogo inverted size={36} />
      <Stack gap="xl" maw={460}>
        <Title order={2} c="white" fz={34} lh={1.15} fw={700}>
          {t('authBrand.headline')}
        </Title>
        <Text c="posada.0" fz="lg" lh={1.5}>
          {t('authBrand.lead')}
        </Text>
        <List
          spacing="md"
          c="white"
          icon={
            <ThemeIcon size={26} radius="xl" color="white" variant="filled">
              <IconCheck size={16} color="var(--mantine-color-posada-9)" aria-hidden />
            </ThemeIcon>
          }
        >
          {points.map((point) => (
            <List.Item key={point}>{t(`authBrand.points.${point}`)}</List.Item>
          ))}
        </List>
      </Stack>
      <Text c="posada.1" size="sm" fw={500}>
        {t('authBrand.trial')}
      </Text>
    </Box>
  );
}
