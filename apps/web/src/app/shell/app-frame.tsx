import {
  AppShell,
  Box,
  Burger,
  Button,
  Drawer,
  Group,
  ScrollArea,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconExternalLink } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { BrandLogo } from '../../components/brand-logo.tsx';
import classes from '../../components/shell.module.css';
import { useIsMobile } from '../../lib/use-is-mobile.ts';
import type { ResolvedNavItem } from './nav-items.ts';
import { NavList } from './nav-list.tsx';

export interface AppFrameProps {
  sidebarItems: ResolvedNavItem[];
  mobileItems: ResolvedNavItem[];
  /** Bottom of the desktop sidebar. */
  sidebarFooter?: ReactNode;
  /** Bottom of the mobile menu. */
  mobileFooter?: ReactNode;
  headerStart?: ReactNode;
  headerEnd: ReactNode;
  children: ReactNode;
  /** A count beside a menu item, by its key (the inbox's unread messages). */
  badges?: Record<string, number>;
}

/**
 * The signed-in chrome: a sidebar on desktop, a burger menu (drawer) under 768 px, a top bar.
 * The sidebar sits on the inline-start side, so it moves to the right in Arabic.
 */
export function AppFrame(props: AppFrameProps) {
  const { t } = useTranslation('shell');
  const [opened, { toggle, close }] = useDisclosure(false);
  const isMobile = useIsMobile();
  const { pathname } = useLocation();
  // Close the mobile menu after navigating or when the screen grows to desktop size.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on route change on purpose
  useEffect(() => close(), [pathname, close]);
  useEffect(() => {
    if (!isMobile) close();
  }, [isMobile, close]);

  const routeItems = props.sidebarItems.filter((i) => !i.external);
  return (
    <AppShell
      layout="alt"
      header={{ height: 64 }}
      navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: true } }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <a href="#main-content" className={classes.skipLink}>
        {t('menu.skip')}
      </a>
      <AppShell.Header className={classes.header}>
        <Group h="100%" px={{ base: 'sm', sm: 'lg' }} justify="space-between" wrap="nowrap" gap="xs">
          {/* The start side shrinks (the property name truncates); the controls at the end never do. */}
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: 1 }} data-topbar="start">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t(opened ? 'menu.close' : 'menu.open')}
              aria-expanded={opened}
              aria-controls="mobile-menu"
            />
            {props.headerStart}
          </Group>
          <Group gap={6} wrap="nowrap" style={{ flex: 'none' }} data-topbar="end">
            {props.headerEnd}
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar className={classes.navbar} aria-label={t('menu.main')} visibleFrom="sm">
        <AppShell.Section px="lg" className={classes.brandBar}>
          <BrandLogo />
        </AppShell.Section>
        <AppShell.Section grow component={ScrollArea} px="sm" pt="md">
          <NavList items={routeItems} badges={props.badges} />
        </AppShell.Section>
        {props.sidebarFooter && <AppShell.Section p="md">{props.sidebarFooter}</AppShell.Section>}
      </AppShell.Navbar>

      <Drawer
        id="mobile-menu"
        opened={opened && isMobile}
        onClose={close}
        size="85%"
        padding="md"
        title={<BrandLogo size={28} />}
        closeButtonProps={{ 'aria-label': t('menu.close') }}
      >
        <Stack gap="lg" component="nav" aria-label={t('menu.mobile')}>
          <NavList items={props.mobileItems} onNavigate={close} badges={props.badges} />
          {props.mobileFooter}
        </Stack>
      </Drawer>

      <AppShell.Main className={classes.main} id="main-content" tabIndex={-1}>
        <Box maw={1240} mx="auto">
          {props.children}
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}

/** The external items (the "schedule a call" link) as a small card at the bottom of the sidebar. */
export function SidebarCallCard({ items }: { items: ResolvedNavItem[] }) {
  const { t } = useTranslation('shell');
  const external = items.filter((i) => i.external);
  if (external.length === 0) return null;
  return (
    <Box className={classes.callCard}>
      <Text size="sm" fw={600} mb={4}>
        {t('nav.scheduleCallHint')}
      </Text>
      <Text size="xs" c="dimmed" mb="sm">
        {t('nav.scheduleCallText')}
      </Text>
      {external.map((item) => (
        <Button
          key={item.key}
          component="a"
          href={item.href}
          target="_blank"
          rel="noopener noreferrer"
          variant="white"
          size="xs"
          fullWidth
          rightSection={<IconExternalLink size={14} aria-hidden className={classes.mirror} />}
        >
          {t(item.labelKey)}
          <VisuallyHidden> ({t('newTab')})</VisuallyHidden>
        </Button>
      ))}
    </Box>
  );
}
