import { Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/**
 * Where Stripe Checkout sends a guest after a payment link (public, no login): paid, or back without
 * paying. The operator sees the payment on the reservation once Stripe confirms it (webhook).
 */
export function PayResultPage() {
  const { t } = useTranslation('payments');
  const [params] = useSearchParams();
  const success = params.get('status') === 'success';
  useDocumentTitle(t('result.title'));
  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder radius="lg" p="xl" maw={440} w="100%">
        <Stack
          align="center"
          gap="md"
          ta="center"
          data-testid="pay-result"
          data-status={success ? 'success' : 'cancel'}
        >
          <ThemeIcon size={56} radius="xl" variant="light" color={success ? 'teal' : 'gray'}>
            {success ? <IconCircleCheck size={30} aria-hidden /> : <IconInfoCircle size={30} aria-hidden />}
          </ThemeIcon>
          <Title order={1} fz="h3">
            {t('result.title')}
          </Title>
          <Text>{success ? t('result.success') : t('result.cancel')}</Text>
        </Stack>
      </Paper>
    </Center>
  );
}
