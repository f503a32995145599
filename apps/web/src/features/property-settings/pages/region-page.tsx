import { Badge, Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { countryName } from '../../../lib/countries.ts';
import { SectionPage } from '../components/section-page.tsx';
import { useSectionForm } from '../components/use-section-form.ts';

/** Countries we are preparing; only ES is available (spec 9). */
const comingSoon = ['MX', 'CO', 'AR', 'CL', 'PE', 'PT'] as const;

/** region-accommodation: the country whose check-in rules apply. Only Spain for now (spec 9). */
export function RegionPage() {
  const { t, i18n } = useTranslation('settings');
  const language = i18n.resolvedLanguage ?? 'es';
  const s = useSectionForm('region-accommodation');
  const { control } = s.form;
  return (
    <SectionPage section="region-accommodation" form={s}>
      <Controller
        control={control}
        name="region"
        render={({ field, fieldState }) => (
          <Radio.Group
            label={t('region.label')}
            description={t('region.hint')}
            value={field.value || null}
            onChange={(value) => field.onChange(value)}
            error={fieldState.error?.message}
          >
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="sm">
              {(['ES', ...comingSoon] as const).map((code) => {
                const available = code === 'ES';
                return (
                  <Radio.Card
                    key={code}
                    value={code}
                    radius="md"
                    p="md"
                    disabled={!available}
                    aria-label={
                      available
                        ? countryName(code, language)
                        : t('region.soonLabel', { country: countryName(code, language) })
                    }
                    style={available ? undefined : { opacity: 0.6, cursor: 'not-allowed' }}
                  >
                    <Group justify="space-between" wrap="nowrap">
                      <Group gap="sm" wrap="nowrap">
                        <Radio.Indicator size="sm" disabled={!available} />
                        <Stack gap={0}>
                          <Text fw={600} size="sm">
                            {countryName(code, language)}
                          </Text>
                          {available ? (
                            <Text size="xs" c="dimmed">
                              {t('region.esRules')}
                            </Text>
                          ) : null}
                        </Stack>
                      </Group>
                      {!available ? (
                        <Badge size="sm" variant="light" color="gray" tt="none">
                          {t('region.soon')}
                        </Badge>
                      ) : null}
                    </Group>
                  </Radio.Card>
                );
              })}
            </SimpleGrid>
          </Radio.Group>
        )}
      />
    </SectionPage>
  );
}
