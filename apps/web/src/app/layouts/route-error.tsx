import { Button, Group, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconHome, IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { pathTo } from '../../config/routes.ts';
import { getStoredUser, getToken } from '../../lib/session.ts';
import { NotFoundScreen } from '../shell/not-found-screen.tsx';
import { homeRouteFor } from '../shell/session-routes.ts';
import { StatusScreen } from '../shell/status-screen.tsx';

/** A screen chunk that no longer exists on the server (the app was updated since this tab loaded). */
function isStaleChunk(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
    message,
  );
}

/** The router's error boundary: a friendly message, a reload button and a way home. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('shell');
  useEffect(() => {
    console.error(error);
  }, [error]);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;

  const stale = isStaleChunk(error);
  const home = homeRouteFor(getToken() ? getStoredUser() : null);
  return (
    <StatusScreen
      visual={
        <ThemeIcon size={72} radius="xl" variant="light" color={stale ? 'posada' : 'orange'}>
          {stale ? <IconRefresh size={38} aria-hidden /> : <IconAlertTriangle size={38} aria-hidden />}
        </ThemeIcon>
      }
      title={stale ? t('routeError.updatedTitle') : t('routeError.title')}
      description={stale ? t('routeError.updatedDescription') : t('routeError.description')}
      actions={
        <Group justify="center">
          <Button
            size="md"
            leftSection={<IconRefresh size={18} aria-hidden />}
            onClick={() => window.location.reload()}
          >
            {t('routeError.reload')}
          </Button>
          {/* A full page load: the router itself may be what failed. */}
          <Button
            size="md"
            variant="default"
            component="a"
            href={pathTo(home)}
            leftSection={<IconHome size={18} aria-hidden />}
          >
            {home === 'Login' ? t('notFound.toLogin') : t('notFound.toHome')}
          </Button>
        </Group>
      }
    />
  );
}
