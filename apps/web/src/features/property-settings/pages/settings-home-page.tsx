import { Button, Group, Stack } from '@mantine/core';
import { IconBuildingCommunity } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { PropertyAvatar } from '../../../components/property-avatar.tsx';
import { pathTo } from '../../../config/routes.ts';
import { useSettingsContext } from '../components/settings-context.ts';
import { SettingsHomeMenu } from '../components/settings-nav.tsx';

/** editionProperty: the settings home, every settings page grouped (on phones, the settings list). */
export function SettingsHomePage() {
  const { t } = useTranslation('settings');
  const { settings } = useSettingsContext();
  return (
    <Stack gap="xl">
      <Group gap="md" wrap="nowrap" align="flex-end">
        <PropertyAvatar property={settings} size={56} radius="md" fz={22} visibleFrom="sm" />
        <div style={{ flex: 1, minWidth: 0 }}>
          <PageHeader
            title={t('home.title')}
            description={t('home.description', { name: `\u2068${settings.nombre}\u2069` })}
            actions={
              <Button
                variant="default"
                component={Link}
                to={pathTo('propertiesList')}
                leftSection={<IconBuildingCommunity size={18} aria-hidden />}
              >
                {t('home.allProperties')}
              </Button>
            }
          />
        </div>
      </Group>
      <SettingsHomeMenu settings={settings} />
    </Stack>
  );
}
