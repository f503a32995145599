import { Paper, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CounterField } from '../../../../components/counter-field.tsx';
import { StepHeader } from '../step-header.tsx';
import type { StepProps } from '../step-props.ts';

/** Hotel and camping step 4: the first room type (name and occupancy: adults, children, infants). */
export function RoomTypeStep({ draft, update, errors }: StepProps) {
  const { t } = useTranslation('properties');
  const camping = draft.tipo === 'camping';
  return (
    <>
      <StepHeader
        title={t(camping ? 'steps.roomType.titleCamping' : 'steps.roomType.title')}
        description={t('steps.roomType.description')}
      />
      <Stack gap="lg">
        <TextInput
          label={t('fields.roomTypeName')}
          placeholder={t(
            camping ? 'fields.roomTypeNamePlaceholderCamping' : 'fields.roomTypeNamePlaceholder',
          )}
          value={draft.roomTypeName}
          onChange={(e) => update({ roomTypeName: e.currentTarget.value })}
          error={errors.roomTypeName}
          maxLength={80}
          dir="auto"
        />
        <Paper withBorder radius="lg" px="lg" py="sm">
          <CounterField
            label={t('fields.adults')}
            description={t('fields.adultsHint')}
            value={draft.roomTypeAdults}
            onChange={(roomTypeAdults) => update({ roomTypeAdults })}
            min={1}
            max={20}
            error={errors.roomTypeAdults}
          />
          <CounterField
            label={t('fields.children')}
            description={t('fields.childrenHint')}
            value={draft.roomTypeChildren}
            onChange={(roomTypeChildren) => update({ roomTypeChildren })}
            max={20}
          />
          <CounterField
            label={t('fields.infants')}
            description={t('fields.infantsHint')}
            value={draft.roomTypeInfants}
            onChange={(roomTypeInfants) => update({ roomTypeInfants })}
            max={20}
          />
        </Paper>
      </Stack>
    </>
  );
}
