import { Group, Paper, Progress, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import type { User } from '@posada/contracts/users';
import { IconCircleCheckFilled, IconCircleDashed } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

function setupSteps(user: User) {
  return [
    { key: 'email', done: user.email_verified },
    { key: 'property', done: user.properties.length > 0 },
    { key: 'plan', done: user.status_subscription === 'subscribed' },
  ] as const;
}

export function hasPendingSetup(user: User): boolean {
  return setupSteps(user).some((s) => !s.done);
}

/** The first steps of a new account and which are done (render only while one is pending). */
export function GettingStartedCard({ user }: { user: User }) {
  const { t } = useTranslation('dashboard');
  const steps = setupSteps(user);
  const done = steps.filter((s) => s.done).length;
  return (
    <Paper withBorder p="xl" h="100%" component="section" aria-labelledby="getting-started-title">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} fz="lg" id="getting-started-title">
            {t('start.title')}
          </Title>
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {t('start.progress', { done, total: steps.length })}
          </Text>
        </Group>
        <Progress value={(done / steps.length) * 100} size="sm" radius="xl" aria-hidden />
        <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {steps.map((step) => (
            <Group key={step.key} component="li" gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon variant="transparent" color={step.done ? 'teal' : 'gray'} size={24}>
                {step.done ? (
                  <IconCircleCheckFilled size={22} aria-hidden />
                ) : (
                  <IconCircleDashed size={22} aria-hidden />
                )}
              </ThemeIcon>
              <div>
                <Text fw={600} c={step.done ? 'dimmed' : undefined}>
                  {t(`start.steps.${step.key}.title`)}
                  <VisuallyHidden> ({step.done ? t('start.done') : t('start.pending')})</VisuallyHidden>
                </Text>
                {!step.done && (
                  <Text size="sm" c="dimmed">
                    {t(`start.steps.${step.key}.text`)}
                  </Text>
                )}
              </div>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
