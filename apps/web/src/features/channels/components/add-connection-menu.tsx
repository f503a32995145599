import { Button, Menu } from '@mantine/core';
import { calendarChannels } from '@posada/contracts/channels';
import { IconChevronDown, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../config/routes.ts';
import { ChannelLogo } from '../../../lib/channel-logo.tsx';

/** "Añadir conexión": pick the channel, then ChannelConnectOta with this property already chosen. */
export function AddConnectionMenu({ propertyId, disabled }: { propertyId: string; disabled?: boolean }) {
  const { t } = useTranslation('channels');
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          disabled={disabled}
        >
          {t('syncCalendar.add')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {calendarChannels.map((channel) => (
          <Menu.Item
            key={channel}
            component={Link}
            to={pathTo('ChannelConnectOta', { channel }, { property_id: propertyId })}
            leftSection={<ChannelLogo channel={channel} size={22} />}
          >
            {t(`names.${channel}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
