import { Group, Loader, Menu, Text, UnstyledButton } from '@mantine/core';
import type { User } from '@posada/contracts/users';
import { truncateName } from '@posada/domain/property-types';
import { IconCheck, IconSelector } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PropertyAvatar } from '../../components/property-avatar.tsx';
import classes from '../../components/shell.module.css';
import { type NavContext, propertyMenuItems, visibleNavItems } from './nav-items.ts';
import { useSwitchProperty } from './use-switch-property.ts';

/**
 * spec 2.3 navigation property dropdown (the caller hides it for hotels): the active property,
 * switching to another one, and the property and account entries whose screens exist.
 */
export function PropertyDropdown({ user, ctx }: { user: User; ctx: NavContext }) {
  const { t } = useTranslation('shell');
  const switchProperty = useSwitchProperty();
  const active = user.properties.find((p) => p.id === user.active_property_id) ?? null;
  const entries = visibleNavItems(propertyMenuItems, ctx);
  const label = active ? truncateName(active.nombre) : t('property.choose');
  return (
    <Menu position="bottom-start" width={280} shadow="md" radius="md" withinPortal>
      <Menu.Target>
        <UnstyledButton
          className={classes.menuTrigger}
          aria-label={active ? t('property.trigger', { name: active.nombre }) : t('property.choose')}
          style={{ minWidth: 0 }}
        >
          <Group gap={10} wrap="nowrap" style={{ minWidth: 0 }}>
            {active && <PropertyAvatar property={active} size={34} radius="md" />}
            <div style={{ minWidth: 0 }}>
              <Text size="xs" c="dimmed" lh={1.2} visibleFrom="sm">
                {t('property.caption')}
              </Text>
              <Text
                size="sm"
                fw={650}
                lh={1.3}
                truncate="end"
                maw={{ sm: 220 }}
                dir="auto"
                data-topbar="name"
              >
                {label}
              </Text>
            </div>
            {switchProperty.isPending ? (
              <Loader size={14} />
            ) : (
              <IconSelector size={16} aria-hidden color="var(--mantine-color-gray-6)" />
            )}
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {user.properties.length > 1 && (
          <>
            <Menu.Label>{t('property.switchTo')}</Menu.Label>
            {user.properties.map((property) => {
              const current = property.id === active?.id;
              return (
                <Menu.Item
                  key={property.id}
                  leftSection={<PropertyAvatar property={property} size={24} radius="sm" />}
                  rightSection={
                    current ? <IconCheck size={16} aria-hidden color="var(--mantine-color-posada-8)" /> : null
                  }
                  aria-current={current ? 'true' : undefined}
                  onClick={() => {
                    if (!current) switchProperty.mutate(property.id);
                  }}
                >
                  <Text size="sm" truncate="end" fw={current ? 600 : 400} dir="auto" maw={180}>
                    {property.nombre}
                  </Text>
                </Menu.Item>
              );
            })}
            {entries.length > 0 && <Menu.Divider />}
          </>
        )}
        {entries.map((item) => (
          <Menu.Item
            key={item.key}
            component={Link}
            to={item.href}
            color={item.route === 'Logout' ? 'red' : undefined}
            leftSection={
              <item.icon size={16} aria-hidden className={item.mirrorInRtl ? classes.mirror : undefined} />
            }
          >
            {t(item.labelKey)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Hotels have one property and no dropdown (spec 2.3): its name is shown as plain text. */
export function PropertyLabel({ user }: { user: User }) {
  const { t } = useTranslation('shell');
  const active = user.properties.find((p) => p.id === user.active_property_id) ?? null;
  if (!active) return null;
  return (
    <Group gap={10} wrap="nowrap" px={8} style={{ minWidth: 0 }}>
      <PropertyAvatar property={active} size={34} radius="md" />
      <div style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed" lh={1.2} visibleFrom="sm">
          {t('property.caption')}
        </Text>
        <Text size="sm" fw={650} lh={1.3} truncate="end" maw={{ sm: 260 }} dir="auto" data-topbar="name">
          {active.nombre}
        </Text>
      </div>
    </Group>
  );
}
