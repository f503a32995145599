import { Stack, Text, Title } from '@mantine/core';

/** The heading of a wizard step: what it asks and why. Focused when the step changes. */
export function StepHeader({ title, description }: { title: string; description?: string }) {
  return (
    <Stack gap={6} mb="lg">
      <Title order={1} fz={{ base: 22, sm: 28 }} id="wizard-step-title" tabIndex={-1} style={{ outline: 0 }}>
        {title}
      </Title>
      {description ? <Text c="dimmed">{description}</Text> : null}
    </Stack>
  );
}
