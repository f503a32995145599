import { Badge, Grid, Group, NavLink, Paper, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import type { PropertySettings } from '@posada/contracts/property-settings';
import { IconChevronRight, IconCrown, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import shellClasses from '../../../components/shell.module.css';
import { pathTo, type RouteName, routePaths } from '../../../config/routes.ts';
import { isSectionLocked } from '../lib/gating.ts';
import { isPaidExtra, type SettingsMenuGroup, visibleSettingsMenu } from '../lib/settings-menu.ts';
import { sectionIcons } from './section-icons.ts';
import classes from './settings.module.css';

function useMenu(settings: PropertySettings): SettingsMenuGroup[] {
  return visibleSettingsMenu({ tipoPropiedad: settings.tipo_propiedad });
}

/** A page outside the property's settings (the chatbot editor) is told the property in its query. */
const hrefOf = (route: string, propertyId: string) =>
  routePaths[route as RouteName].includes(':propertyId')
    ? pathTo(route as Extract<RouteName, 'nameProperty'>, { propertyId })
    : pathTo(route as Extract<RouteName, 'manageChatBot'>, undefined, { property_id: propertyId });

function GroupTitle({ group }: { group: SettingsMenuGroup }) {
  const { t } = useTranslation('settings');
  return (
    <Text
      size="xs"
      fw={700}
      tt="uppercase"
      c="dimmed"
      style={{ letterSpacing: '0.04em' }}
      id={`settings-group-${group.key}`}
    >
      {t(`menu.groups.${group.key}`)}
    </Text>
  );
}

/** spec 6: the mark of a paid extra (an add-on of the subscription). */
function PaidBadge() {
  const { t } = useTranslation('settings');
  return (
    <Badge
      size="xs"
      color="grape"
      variant="light"
      tt="none"
      leftSection={<IconCrown size={10} aria-hidden />}
      style={{ flexShrink: 0 }}
    >
      {t('menu.paidGroupBadge')}
    </Badge>
  );
}

/** Desktop: the settings sub-menu beside the form, the current page marked. */
export function SettingsSideNav({ settings }: { settings: PropertySettings }) {
  const { t } = useTranslation('settings');
  const { pathname } = useLocation();
  const menu = useMenu(settings);
  return (
    <nav aria-label={t('menu.label')} className={classes.sideNav}>
      <Stack gap="lg">
        {menu.map((group) => (
          <Stack key={group.key} gap={4} role="group" aria-labelledby={`settings-group-${group.key}`}>
            <div style={{ paddingInline: 12, paddingBottom: 4 }}>
              <GroupTitle group={group} />
            </div>
            {group.items.map((item) => {
              const Icon = sectionIcons[item.section];
              const href = hrefOf(item.route, settings.id);
              const active = pathname === href;
              const locked = isSectionLocked(item.section, settings.features);
              const paid = isPaidExtra(item.section);
              return (
                <NavLink
                  key={item.section}
                  noWrap
                  component={Link}
                  to={href}
                  active={active}
                  aria-current={active ? 'page' : undefined}
                  label={t(`pages.${item.section}.title`)}
                  leftSection={<Icon size={18} stroke={1.7} aria-hidden />}
                  rightSection={
                    paid || locked ? (
                      <Group gap={6} wrap="nowrap">
                        {paid ? (
                          <IconCrown
                            size={14}
                            role="img"
                            aria-label={t('menu.paidBadge')}
                            color="var(--mantine-color-grape-6)"
                          />
                        ) : null}
                        {locked ? (
                          <IconLock
                            size={14}
                            role="img"
                            aria-label={t('menu.notIncluded')}
                            color="var(--mantine-color-gray-6)"
                          />
                        ) : null}
                      </Group>
                    ) : null
                  }
                  style={{ borderRadius: 'var(--mantine-radius-md)' }}
                />
              );
            })}
          </Stack>
        ))}
      </Stack>
    </nav>
  );
}

/** The settings home: every page as a card with what it is for, grouped (on phones, the list itself). */
export function SettingsHomeMenu({ settings }: { settings: PropertySettings }) {
  const { t } = useTranslation('settings');
  const menu = useMenu(settings);
  const [first, ...rest] = menu;
  const columns = first ? [[first], rest] : [];
  return (
    <Grid gutter="xl">
      {columns.map((column) => (
        <Grid.Col key={column.map((g) => g.key).join('-')} span={{ base: 12, lg: 6 }}>
          <Stack gap="xl">
            {column.map((group) => (
              <Stack
                key={group.key}
                gap="sm"
                component="section"
                aria-labelledby={`settings-group-${group.key}`}
              >
                <Stack gap={2}>
                  <GroupTitle group={group} />
                  <Text size="sm" c="dimmed">
                    {t(`menu.groupHints.${group.key}`)}
                  </Text>
                </Stack>
                <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
                  <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
                    {group.items.map((item, index) => {
                      const Icon = sectionIcons[item.section];
                      const locked = isSectionLocked(item.section, settings.features);
                      const paid = isPaidExtra(item.section);
                      return (
                        <li
                          key={item.section}
                          style={
                            index > 0
                              ? { borderTop: '1px solid var(--mantine-color-default-border)' }
                              : undefined
                          }
                        >
                          <UnstyledButton
                            component={Link}
                            to={hrefOf(item.route, settings.id)}
                            className={classes.menuRow}
                          >
                            <Group wrap="nowrap" gap="md">
                              <ThemeIcon
                                size={40}
                                radius="md"
                                variant="light"
                                color={paid ? 'grape' : 'posada'}
                              >
                                <Icon size={22} stroke={1.6} aria-hidden />
                              </ThemeIcon>
                              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                                <Group gap={8} wrap="wrap" style={{ rowGap: 4 }}>
                                  <Text fw={600} size="sm">
                                    {t(`pages.${item.section}.title`)}
                                  </Text>
                                  {paid ? <PaidBadge /> : null}
                                  {locked ? (
                                    <Badge
                                      size="xs"
                                      variant="light"
                                      color="gray"
                                      tt="none"
                                      leftSection={<IconLock size={10} aria-hidden />}
                                    >
                                      {t('menu.notIncluded')}
                                    </Badge>
                                  ) : null}
                                </Group>
                                <Text size="xs" c="dimmed" lineClamp={2}>
                                  {t(`pages.${item.section}.description`)}
                                </Text>
                              </Stack>
                              <IconChevronRight
                                size={18}
                                aria-hidden
                                color="var(--mantine-color-gray-5)"
                                className={shellClasses.mirror}
                              />
                            </Group>
                          </UnstyledButton>
                        </li>
                      );
                    })}
                  </Stack>
                </Paper>
              </Stack>
            ))}
          </Stack>
        </Grid.Col>
      ))}
    </Grid>
  );
}
