import {
  Alert,
  Anchor,
  Badge,
  Button,
  Fieldset,
  Group,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { SettingsSection } from '@posada/contracts/property-settings';
import { IconArrowLeft, IconCrown, IconDeviceFloppy, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/form-alert.tsx';
import shellClasses from '../../../components/shell.module.css';
import { pathTo } from '../../../config/routes.ts';
import { isPaidExtra, type SettingsPageKey } from '../lib/settings-menu.ts';
import { sectionIcons } from './section-icons.ts';
import { useSettingsContext } from './settings-context.ts';
import type { SectionForm } from './use-section-form.ts';

/** spec 6: the page of a gated feature the subscription does not include. */
export function FeatureUnavailable() {
  const { t } = useTranslation('settings');
  return (
    <Alert
      color="yellow"
      variant="light"
      radius="lg"
      icon={<IconLock size={20} aria-hidden />}
      title={t('gate.title')}
      role="status"
      data-testid="feature-unavailable"
    >
      <Text size="sm" fw={600}>
        {t('gate.unavailable')}
      </Text>
      <Text size="sm" mt={4}>
        {t('gate.hint')}
      </Text>
    </Alert>
  );
}

/** On phones the settings pages are reached from the settings home list: a link back to it. */
export function BackToSettings() {
  const { t } = useTranslation('settings');
  const { propertyId } = useSettingsContext();
  return (
    <Anchor
      component={Link}
      to={pathTo('editionProperty', { propertyId })}
      size="sm"
      fw={600}
      hiddenFrom="sm"
      style={{ display: 'inline-flex', alignItems: 'center', gap: 6, alignSelf: 'flex-start' }}
    >
      <IconArrowLeft size={16} aria-hidden className={shellClasses.mirror} />
      {t('form.back')}
    </Anchor>
  );
}

/** The title block of a settings page: icon, title, what it is for, and the paid-extra mark. */
export function SectionHeader({ section }: { section: SettingsPageKey }) {
  const { t } = useTranslation('settings');
  const Icon = sectionIcons[section];
  const paid = isPaidExtra(section);
  return (
    <Group gap="md" wrap="nowrap" align="flex-start">
      <ThemeIcon size={44} radius="md" variant="light" visibleFrom="xs">
        <Icon size={24} stroke={1.6} aria-hidden />
      </ThemeIcon>
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Group gap="sm" wrap="wrap">
          <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
            {t(`pages.${section}.title`)}
          </Title>
          {paid ? (
            <Badge color="grape" variant="light" leftSection={<IconCrown size={12} aria-hidden />} tt="none">
              {t('menu.paidBadge')}
            </Badge>
          ) : null}
        </Group>
        <Text c="dimmed" size="sm">
          {t(`pages.${section}.description`)}
        </Text>
      </Stack>
    </Group>
  );
}

/**
 * A settings page: back link on phones, header, the spec 6 notice when the feature is not in the
 * subscription (controls disabled), a save error, the form and its Save button.
 */
export function SectionPage<S extends SettingsSection>({
  section,
  form,
  children,
  aside,
}: {
  section: S;
  /** The page's `useSectionForm(section)`: submit, saving, locked, alert and the dirty state. */
  form: SectionForm<S>;
  children: ReactNode;
  /** Shown beside the Save button (secondary actions). */
  aside?: ReactNode;
}) {
  const { t } = useTranslation('settings');
  const { submit: onSubmit, saving, locked, alert } = form;
  const dirty = form.form.formState.isDirty;
  return (
    <Stack gap="lg">
      <BackToSettings />
      <SectionHeader section={section} />
      {locked ? <FeatureUnavailable /> : null}
      {alert ? <FormAlert title={t('form.saveFailed')}>{alert}</FormAlert> : null}
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={onSubmit} noValidate aria-labelledby={undefined}>
          <Fieldset variant="unstyled" disabled={locked} p={0} m={0}>
            <Stack gap="lg">{children}</Stack>
          </Fieldset>
          <Group
            justify="space-between"
            mt="xl"
            pt="lg"
            gap="sm"
            style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
          >
            <Group gap="sm">
              {aside}
              {dirty && !locked ? (
                <Badge variant="dot" color="orange" tt="none" size="lg" role="status">
                  {t('form.unsavedBadge')}
                </Badge>
              ) : null}
            </Group>
            <Button
              type="submit"
              loading={saving}
              disabled={locked}
              leftSection={<IconDeviceFloppy size={18} aria-hidden />}
            >
              {t('form.save')}
            </Button>
          </Group>
        </form>
      </Paper>
    </Stack>
  );
}
