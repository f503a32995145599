import { Loader, Stack, Text } from '@mantine/core';

/** While a one-shot request runs: a spinner and what is happening (announced politely). */
export function VerifyingPanel({ label }: { label: string }) {
  return (
    <Stack align="center" gap="md" py="xl" role="status" aria-live="polite" aria-busy="true">
      <Loader size="lg" />
      <Text c="dimmed">{label}</Text>
    </Stack>
  );
}
