import { Avatar, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import type { User } from '@posada/contracts/users';
import {
  IconChevronDown,
  IconCrown,
  IconFileInvoice,
  IconLogout,
  IconUserShield,
  IconWorld,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from '../../components/shell.module.css';
import { pathTo } from '../../config/routes.ts';

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '·';
}

/** The signed-in user's menu: who is signed in, account and security, language, sign out. */
export function UserMenu({
  user,
  onOpenLanguage,
  accountTo,
  subscriptionTo,
  billingTo,
  showName = true,
}: {
  user: Pick<User, 'name' | 'email'>;
  onOpenLanguage: () => void;
  /** The account's own pages (profile for an operator, the security page for an admin). */
  accountTo?: string;
  /** An operator's subscription (pageSubscription) and billing data (issue 16). */
  subscriptionTo?: string;
  billingTo?: string;
  showName?: boolean;
}) {
  const { t } = useTranslation('shell');
  return (
    <Menu position="bottom-end" width={240} shadow="md" radius="md" withinPortal>
      <Menu.Target>
        <UnstyledButton
          className={classes.menuTrigger}
          aria-label={t('userMenu.trigger', { name: user.name })}
        >
          <Group gap={8} wrap="nowrap">
            <Avatar color="posada" radius="xl" size={34}>
              {initialsOf(user.name)}
            </Avatar>
            {showName && (
              <Text size="sm" fw={600} maw={160} truncate="end" visibleFrom="md" dir="auto">
                {user.name}
              </Text>
            )}
            {/* On a phone the avatar alone: the room goes to the property name. */}
            <Box component="span" visibleFrom="sm" display="flex">
              <IconChevronDown size={16} aria-hidden color="var(--mantine-color-gray-6)" />
            </Box>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="dark.7" truncate="end">
            {user.name}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {user.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        {accountTo ? (
          <Menu.Item component={Link} to={accountTo} leftSection={<IconUserShield size={16} aria-hidden />}>
            {t('userMenu.account')}
          </Menu.Item>
        ) : null}
        {subscriptionTo ? (
          <Menu.Item component={Link} to={subscriptionTo} leftSection={<IconCrown size={16} aria-hidden />}>
            {t('userMenu.subscription')}
          </Menu.Item>
        ) : null}
        {billingTo ? (
          <Menu.Item component={Link} to={billingTo} leftSection={<IconFileInvoice size={16} aria-hidden />}>
            {t('userMenu.billing')}
          </Menu.Item>
        ) : null}
        <Menu.Item leftSection={<IconWorld size={16} aria-hidden />} onClick={onOpenLanguage}>
          {t('userMenu.language')}
        </Menu.Item>
        <Menu.Item
          component={Link}
          to={pathTo('Logout')}
          color="red"
          leftSection={<IconLogout size={16} aria-hidden className={classes.mirror} />}
        >
          {t('nav.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
