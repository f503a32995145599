import { Card, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconId } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { consumoQuery } from '../api/billing-api.ts';
import { day } from '../lib/format.ts';

/** spec 7 POST balance/consumo: check-ins used in the billing period, and all of them. */
export function ConsumptionCard() {
  const { t, i18n } = useTranslation('subscription');
  const consumo = useQuery(consumoQuery());
  return (
    <Card withBorder radius="lg" padding="md" data-testid="consumption">
      <Group wrap="nowrap" gap="md" align="flex-start">
        <ThemeIcon size={40} radius="xl" variant="light">
          <IconId size={22} aria-hidden />
        </ThemeIcon>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={700}>{t('consumption.title')}</Text>
          {consumo.isPending ? (
            <Skeleton h={18} w={200} />
          ) : consumo.isError ? (
            <Text size="sm" c="dimmed">
              {t('consumption.error')}
            </Text>
          ) : (
            <>
              <Text size="sm">{t('consumption.used', { count: consumo.data.consumo })}</Text>
              <Text size="xs" c="dimmed">
                {t('consumption.period', {
                  from: day(consumo.data.period_start, i18n.language),
                  to: day(consumo.data.period_end, i18n.language),
                  total: consumo.data.checkins,
                })}
              </Text>
            </>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
