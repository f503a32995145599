import { Alert, Box, Button, Group, Paper, Skeleton, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconBuildingCommunity, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useMatch, useParams } from 'react-router';
import { pathTo, routePaths } from '../../../config/routes.ts';
import { ApiError } from '../../../lib/api.ts';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';
import { settingsQuery } from '../api/settings-api.ts';
import type { SettingsContext } from '../components/settings-context.ts';
import { SettingsSideNav } from '../components/settings-nav.tsx';

function FormSkeleton() {
  return (
    <Stack gap="lg" aria-hidden>
      <Group gap="md" wrap="nowrap">
        <Skeleton h={44} w={44} radius="md" />
        <Stack gap={8} style={{ flex: 1 }}>
          <Skeleton h={22} w="40%" />
          <Skeleton h={12} w="65%" />
        </Stack>
      </Group>
      <Paper withBorder radius="lg" p="xl">
        <Stack gap="lg">
          {['a', 'b', 'c'].map((key) => (
            <Stack key={key} gap={6}>
              <Skeleton h={12} w="25%" />
              <Skeleton h={36} />
            </Stack>
          ))}
          <Group justify="flex-end">
            <Skeleton h={36} w={140} radius="md" />
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}

function NavSkeleton() {
  return (
    <Stack gap={10} aria-hidden>
      {Array.from({ length: 9 }, (_, n) => `nav-${n}`).map((key) => (
        <Skeleton key={key} h={30} radius="md" />
      ))}
    </Stack>
  );
}

/**
 * /business/properties/edition/:propertyId and its pages. Loads GET settings once for all of them.
 * Desktop: the settings sub-menu beside the page (the home shows the grouped menu alone). Phones: the
 * home is the list, and each page has a link back to it.
 */
export function SettingsLayout() {
  const { t } = useTranslation(['settings', 'common']);
  const { propertyId = '' } = useParams();
  const isMobile = useIsMobile();
  const isHome = useMatch(routePaths.editionProperty) !== null;
  const query = useQuery(settingsQuery(propertyId));
  useDocumentTitle(
    query.data ? `${t('home.title')} · ${query.data.nombre} · ${t('common:appName')}` : t('home.title'),
  );
  const withSideNav = !isHome && !isMobile;

  let content: React.ReactNode;
  if (query.isPending) {
    content = <FormSkeleton />;
  } else if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    content = (
      <Alert
        color="red"
        variant="light"
        radius="lg"
        icon={<IconAlertCircle size={20} aria-hidden />}
        title={t('load.error')}
        role="alert"
      >
        <Stack gap="sm" align="flex-start">
          {notFound ? t('load.notFound') : query.error.message}
          <Group gap="sm">
            {!notFound ? (
              <Button
                size="xs"
                color="red"
                variant="white"
                leftSection={<IconRefresh size={14} aria-hidden />}
                loading={query.isRefetching}
                onClick={() => void query.refetch()}
              >
                {t('common:actions.retry')}
              </Button>
            ) : null}
            <Button
              size="xs"
              variant="subtle"
              component={Link}
              to={pathTo('propertiesList')}
              leftSection={<IconBuildingCommunity size={14} aria-hidden />}
            >
              {t('home.allProperties')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  } else {
    const context: SettingsContext = { propertyId, settings: query.data };
    // key: a page's form starts again from the server's values when the property changes.
    content = <Outlet key={propertyId} context={context} />;
  }

  if (!withSideNav) return <div style={{ maxWidth: isHome ? 1200 : 760 }}>{content}</div>;
  return (
    <Group align="flex-start" wrap="nowrap" gap={32}>
      <Box w={256} style={{ flexShrink: 0 }}>
        {query.data ? <SettingsSideNav settings={query.data} /> : <NavSkeleton />}
      </Box>
      <Box style={{ flex: 1, minWidth: 0, maxWidth: 780 }}>{content}</Box>
    </Group>
  );
}
