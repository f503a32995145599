import { Badge, NavLink, Stack, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import classes from '../../components/shell.module.css';
import type { ResolvedNavItem } from './nav-items.ts';

function isActive(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** A vertical list of menu links; the current one is marked with aria-current="page". */
export function NavList({
  items,
  onNavigate,
  badges,
}: {
  items: ResolvedNavItem[];
  onNavigate?: () => void;
  /** A count beside an item, by its key (the inbox's unread messages); none when 0. */
  badges?: Record<string, number>;
}) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  return (
    <Stack gap={4}>
      {items.map((item) => {
        const icon = (
          <item.icon
            size={20}
            stroke={1.7}
            aria-hidden
            className={item.mirrorInRtl ? classes.mirror : undefined}
          />
        );
        if (item.external) {
          return (
            <NavLink
              key={item.key}
              component="a"
              href={item.href}
              target="_blank"
              rel="noopener noreferrer"
              className={classes.navLink}
              leftSection={icon}
              rightSection={<IconExternalLink size={14} aria-hidden className={classes.mirror} />}
              label={
                <>
                  {t(item.labelKey)}
                  <VisuallyHidden> ({t('newTab')})</VisuallyHidden>
                </>
              }
              onClick={onNavigate}
            />
          );
        }
        const active = item.route !== 'Logout' && isActive(pathname, item.href);
        const count = badges?.[item.key] ?? 0;
        return (
          <NavLink
            key={item.key}
            component={Link}
            to={item.href}
            className={classes.navLink}
            active={active}
            aria-current={active ? 'page' : undefined}
            leftSection={icon}
            label={t(item.labelKey)}
            rightSection={
              count > 0 ? (
                <Badge size="sm" circle={count < 10} color="teal" data-testid={`nav-badge-${item.key}`}>
                  {count > 99 ? '99+' : count}
                  <VisuallyHidden> {t('unreadBadge')}</VisuallyHidden>
                </Badge>
              ) : undefined
            }
            onClick={onNavigate}
          />
        );
      })}
    </Stack>
  );
}
