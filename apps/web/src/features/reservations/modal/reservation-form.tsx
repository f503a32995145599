import { Alert, Divider, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { Booking } from '@posada/contracts/bookings';
import type { PropertySummary } from '@posada/contracts/users';
import { IconAlertTriangle, IconCalendar } from '@tabler/icons-react';
import { Controller } from 'react-hook-form';
import { FormAlert } from '../../../components/form-alert.tsx';
import { PhoneField } from '../../../components/phone-field.tsx';
import { formatLongDay } from '../../../lib/intl.ts';
import type { ReservationInitial } from '../lib/booking-form.ts';
import { ReservationFooter } from './reservation-footer.tsx';
import { ReservationPriceSection } from './reservation-price-section.tsx';
import { useReservationForm } from './use-reservation-form.ts';

export interface ReservationFormProps {
  mode: 'create' | 'edit';
  properties: PropertySummary[];
  defaultPropertyId: string | null;
  initial?: ReservationInitial;
  /** Edit: the booking as loaded. */
  booking?: Booking;
  onCancel: () => void;
  onSaved: (booking: Booking) => void;
  onDirtyChange: (dirty: boolean) => void;
}

/** The reservation modal's form (spec 2.4 and 5): every rule checked here and again by the API. */
export function ReservationForm({
  mode,
  properties,
  defaultPropertyId,
  initial,
  booking,
  onCancel,
  onSaved,
  onDirtyChange,
}: ReservationFormProps) {
  const state = useReservationForm({
    mode,
    properties,
    defaultPropertyId,
    initial,
    booking,
    onSaved,
    onDirtyChange,
  });
  const {
    t,
    language,
    form,
    control,
    errors,
    isSubmitted,
    setValue,
    watched,
    alert,
    submit,
    saving,
    changeProperty,
    isHotel,
    roomTypes,
    availableInstances,
    quantityMax,
    startDate,
    endDate,
    nights,
    minArrival,
    unavailable,
    availability,
    availabilityMessage,
    capacityKnown,
    capacity,
    money,
    total,
  } = state;

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={mode === 'edit' ? t('modal.editTitle') : t('modal.createTitle')}
    >
      <Stack gap="md" pb={96}>
        {alert ? <FormAlert>{alert}</FormAlert> : null}
        <Controller
          control={control}
          name="property_id"
          render={({ field }) => (
            <Select
              ref={field.ref}
              label={t('form.property')}
              required
              data={properties.map((p) => ({ value: p.id, label: p.nombre }))}
              value={field.value || null}
              onChange={(id) => id && changeProperty(id)}
              allowDeselect={false}
              searchable={properties.length > 6}
              nothingFoundMessage={t('form.nothingFound')}
              error={errors.property_id?.message}
            />
          )}
        />
        {isHotel ? (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Controller
              control={control}
              name="room_type_id"
              render={({ field }) => (
                <Select
                  ref={field.ref}
                  label={t('form.roomType')}
                  required
                  placeholder={roomTypes.isPending ? t('form.loading') : t('form.chooseRoomType')}
                  data={(roomTypes.data?.items ?? []).map((type) => ({
                    value: type.id,
                    label: t('form.roomTypeOption', { name: type.name, count: type.adults + type.children }),
                  }))}
                  value={field.value}
                  onChange={(id) => {
                    field.onChange(id);
                    setValue('quantity', 1, { shouldDirty: true });
                  }}
                  allowDeselect={false}
                  error={errors.room_type_id?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="quantity"
              render={({ field }) => (
                <NumberInput
                  ref={field.ref}
                  label={t('form.quantity')}
                  inputWrapperOrder={['label', 'input', 'description', 'error']}
                  description={
                    availableInstances !== undefined
                      ? t('form.roomsFree', { count: availableInstances })
                      : t('form.roomsFreeUnknown')
                  }
                  required
                  min={1}
                  max={Math.max(1, quantityMax)}
                  allowDecimal={false}
                  allowNegative={false}
                  value={field.value}
                  onChange={(value) => field.onChange(typeof value === 'number' ? value : 1)}
                  error={errors.quantity?.message}
                />
              )}
            />
          </SimpleGrid>
        ) : null}
        <Controller
          control={control}
          name="start_date"
          render={({ field }) => (
            <DatePickerInput
              ref={field.ref}
              type="range"
              label={t('form.dates')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              description={nights > 0 ? t('form.nights', { count: nights }) : t('form.datesHint')}
              placeholder={t('form.datesPlaceholder')}
              required
              minDate={minArrival}
              valueFormat="D MMM YYYY"
              numberOfColumns={1}
              leftSection={<IconCalendar size={18} aria-hidden />}
              value={[startDate || null, endDate || null]}
              onChange={([start, end]) => {
                field.onChange(start ?? '');
                setValue('end_date', end ?? '', { shouldDirty: true });
                if (isSubmitted) void form.trigger('start_date');
              }}
              allowSingleDateInRange={false}
              getDayProps={(date) => ({ 'aria-label': formatLongDay(date, language), 'data-iso': date })}
              ariaLabels={{ previousMonth: t('form.previousMonth'), nextMonth: t('form.nextMonth') }}
              clearable
              popoverProps={{ withinPortal: true }}
              error={errors.start_date?.message ?? errors.end_date?.message}
            />
          )}
        />
        {unavailable ? (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            role="status"
            data-testid="availability-warning"
          >
            {availabilityMessage(availability.data)}
          </Alert>
        ) : null}
        <Controller
          control={control}
          name="number_of_guests"
          render={({ field }) => (
            <NumberInput
              ref={field.ref}
              label={t('form.guests')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              description={
                capacityKnown ? t('form.guestsHint', { count: capacity }) : t('form.guestsHintType')
              }
              required
              min={1}
              max={capacity}
              allowDecimal={false}
              allowNegative={false}
              value={field.value}
              onChange={(value) => field.onChange(typeof value === 'number' ? value : 0)}
              error={errors.number_of_guests?.message}
              w={{ base: '100%', xs: 200 }}
            />
          )}
        />
        <Divider label={t('form.guestSection')} labelPosition="left" />
        <TextInput
          label={t('form.name')}
          required
          autoComplete="name"
          dir="auto"
          maxLength={120}
          {...form.register('name')}
          error={errors.name?.message}
        />
        <TextInput
          label={t('form.email')}
          required
          type="email"
          autoComplete="email"
          dir="ltr"
          maxLength={254}
          {...form.register('email')}
          error={errors.email?.message}
        />
        <Controller
          control={control}
          name="phone_number"
          render={({ field }) => (
            <PhoneField
              countryLabel={t('form.phoneCountry')}
              country={watched.phone_country ?? 'ES'}
              onCountryChange={(code) => setValue('phone_country', code, { shouldDirty: true })}
              searchable
              countryWidth={120}
              phoneProps={{
                ref: field.ref,
                label: t('form.phone'),
                required: true,
                dir: 'ltr',
                value: field.value,
                onChange: (e) => field.onChange(e.currentTarget.value),
                onBlur: field.onBlur,
                error: errors.phone_number?.message,
              }}
            />
          )}
        />
        <ReservationPriceSection state={state} />
        <Textarea
          label={t('form.notes')}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={2000}
          dir="auto"
          {...form.register('notes')}
        />
      </Stack>
      <ReservationFooter
        mode={mode}
        nights={nights}
        total={money(total)}
        saving={saving}
        onCancel={onCancel}
      />
    </form>
  );
}
