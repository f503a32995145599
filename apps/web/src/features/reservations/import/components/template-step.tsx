import { Accordion, Badge, Button, Group, Table, Text } from '@mantine/core';
import type { TemplateFormat } from '@posada/contracts/booking-import';
import { IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../../lib/notify.ts';
import { downloadTemplate } from '../api/import-api.ts';
import { importLanguageOf, templateColumns } from '../lib/import-lib.ts';
import { StepCard } from './step-card.tsx';

/** Step 1: the template in XLSX or CSV, in the interface language, and what each column takes. */
export function TemplateStep() {
  const { t, i18n } = useTranslation('reservations');
  const lang = importLanguageOf(i18n.resolvedLanguage ?? 'es');
  const download = useMutation({
    mutationFn: (format: TemplateFormat) => downloadTemplate(format, lang),
    onSuccess: (name) => notify.success(t('import.template.downloaded', { name })),
    onError: (error) => notify.error(error.message, t('import.template.failed')),
  });
  const busy = (format: TemplateFormat) => download.isPending && download.variables === format;

  return (
    <StepCard
      step={1}
      headingId="import-step-template"
      title={t('import.steps.template')}
      description={t('import.template.hint')}
    >
      <Group gap="sm">
        <Button
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
          loading={busy('xlsx')}
          disabled={download.isPending && !busy('xlsx')}
          onClick={() => download.mutate('xlsx')}
        >
          {t('import.template.xlsx')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconFileTypeCsv size={18} aria-hidden />}
          loading={busy('csv')}
          disabled={download.isPending && !busy('csv')}
          onClick={() => download.mutate('csv')}
        >
          {t('import.template.csv')}
        </Button>
      </Group>
      <Accordion variant="contained" radius="md">
        <Accordion.Item value="columns">
          <Accordion.Control>{t('import.template.columns')}</Accordion.Control>
          <Accordion.Panel>
            <Table.ScrollContainer minWidth={360}>
              <Table verticalSpacing="xs" fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('import.template.column')}</Table.Th>
                    <Table.Th scope="col">{t('import.template.what')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {templateColumns(lang).map((column) => (
                    <Table.Tr key={column.key}>
                      <Table.Th scope="row" fw={600} style={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                        <Text fw={600} size="sm">
                          {column.header}
                        </Text>
                        <Badge
                          size="xs"
                          variant={column.required ? 'light' : 'outline'}
                          color={column.required ? 'posada' : 'gray'}
                        >
                          {t(column.required ? 'import.template.required' : 'import.template.optional')}
                        </Badge>
                      </Table.Th>
                      <Table.Td>{t(`import.template.help.${column.key}`)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </StepCard>
  );
}
