import type { Availability } from '@posada/contracts/availability';
import type { Booking } from '@posada/contracts/bookings';
import type { Currency } from '@posada/contracts/properties';
import type { PropertySummary } from '@posada/contracts/users';
import { isIsoDate, nightsBetween } from '@posada/domain/booking-rules';
import { isHotelType } from '@posada/domain/property-types';
import { todayIn } from '@posada/domain/zoned-time';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type FieldErrors, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  type AvailabilityInput,
  availabilityQuery,
  bookingPropertyQuery,
  bookingRoomTypesQuery,
  priceQuery,
  useCreateBooking,
  useUpdateBooking,
} from '../../../lib/api/bookings-api.ts';
import { ApiError } from '../../../lib/api.ts';
import { formatMoneyIn } from '../../../lib/intl.ts';
import { notify } from '../../../lib/notify.ts';
import { useOperatorToday } from '../../../lib/today.ts';
import {
  canAddLine,
  createBody,
  emptyReservation,
  needsAvailabilityCheck,
  type ReservationContext,
  type ReservationField,
  type ReservationFormValues,
  type ReservationInitial,
  reservationErrors,
  reservationFromBooking,
  reservationTotal,
  serverFieldMap,
  updateBody,
} from '../lib/booking-form.ts';

const CURRENCIES: readonly Currency[] = ['EUR', 'COP', 'USD'];
const asCurrency = (value: string | undefined): Currency =>
  CURRENCIES.includes(value as Currency) ? (value as Currency) : 'EUR';

/** The browser's zone until the property's is known. */

const FIELD_ORDER: ReservationField[] = [
  'property_id',
  'room_type_id',
  'start_date',
  'quantity',
  'number_of_guests',
  'name',
  'email',
  'phone_number',
  'price',
  'promotions',
  'taxes',
];

export interface UseReservationFormOptions {
  mode: 'create' | 'edit';
  properties: PropertySummary[];
  defaultPropertyId: string | null;
  initial?: ReservationInitial;
  booking?: Booking;
  onSaved: (booking: Booking) => void;
  onDirtyChange: (dirty: boolean) => void;
}

/** The reservation form's state: values, the rules' context, availability, price and saving. */
export function useReservationForm({
  mode,
  properties,
  defaultPropertyId,
  initial,
  booking,
  onSaved,
  onDirtyChange,
}: UseReservationFormOptions) {
  const { t, i18n } = useTranslation(['reservations', 'common']);
  const language = i18n.resolvedLanguage ?? 'es';
  const queryClient = useQueryClient();
  const create = useCreateBooking();
  const update = useUpdateBooking();
  const [alert, setAlert] = useState<string | null>(null);

  const defaults = useMemo<ReservationFormValues>(() => {
    if (booking) return reservationFromBooking(booking);
    const values = emptyReservation(initial);
    if (!values.property_id) values.property_id = defaultPropertyId ?? properties[0]?.id ?? '';
    return values;
  }, [booking, initial, defaultPropertyId, properties]);

  // The resolver reads the latest context (today, capacity, free rooms) through the form's `context`.
  const resolver = useMemo<Resolver<ReservationFormValues, ReservationContext>>(
    () => async (values, context) => {
      const ctx = context as ReservationContext;
      const found = reservationErrors(values, ctx);
      const errors: FieldErrors<ReservationFormValues> = {};
      for (const field of FIELD_ORDER) {
        const key = found[field];
        if (!key) continue;
        (errors as Record<string, { type: string; message: string }>)[field] = {
          type: 'validation',
          message: t(`validation.${key}`, { max: maxFor(key, ctx) }),
        };
      }
      return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
    },
    [t],
  );

  const accountToday = useOperatorToday();
  const [context, setContext] = useState<ReservationContext>({
    today: accountToday,
    capacity: 1,
    isHotel: false,
    originalStartDate: booking?.start_date,
  });
  const form = useForm<ReservationFormValues, ReservationContext>({
    defaultValues: defaults,
    resolver,
    context,
  });
  const { control, formState, setValue, getValues } = form;
  const { errors, isDirty, isSubmitted } = formState;
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const watched = useWatch({ control });
  const propertyId = watched.property_id ?? '';
  const roomTypeId = watched.room_type_id ?? null;
  const startDate = watched.start_date ?? '';
  const endDate = watched.end_date ?? '';
  const quantity = watched.quantity ?? 1;

  const summary = properties.find((p) => p.id === propertyId);
  const isHotel = isHotelType(summary?.tipo_propiedad);
  const property = useQuery({ ...bookingPropertyQuery(propertyId), enabled: Boolean(propertyId) });
  const roomTypes = useQuery({
    ...bookingRoomTypesQuery(propertyId),
    enabled: Boolean(propertyId) && isHotel,
  });
  const roomType = roomTypes.data?.items.find((type) => type.id === roomTypeId);
  const datesValid = isIsoDate(startDate) && isIsoDate(endDate) && endDate > startDate;
  const nights = datesValid ? nightsBetween(startDate, endDate) : 0;

  // spec 5: the availability of the range (hotels: free rooms of the type for the whole stay).
  const availabilityBody: AvailabilityInput | null =
    propertyId && datesValid && (!isHotel || roomTypeId)
      ? {
          property_id: propertyId,
          start_date: startDate,
          end_date: endDate,
          ...(isHotel ? { room_type_id: roomTypeId } : {}),
          ...(booking ? { exclude_booking_id: booking.id } : {}),
        }
      : null;
  const availability = useQuery({
    ...availabilityQuery(availabilityBody ?? { property_id: '', start_date: '', end_date: '' }),
    enabled: availabilityBody !== null,
  });
  const availableInstances = isHotel ? availability.data?.available_instances : undefined;
  const checkNeeded = needsAvailabilityCheck(
    { property_id: propertyId, start_date: startDate, end_date: endDate, room_type_id: roomTypeId, quantity },
    booking,
  );
  const unavailable =
    availabilityBody !== null && checkNeeded && availability.data ? !availability.data.available : false;

  // The context of the rules: today in the property's zone, its capacity, the free rooms.
  const today = property.data ? todayIn(property.data.time_zone) : accountToday;
  const perRoom = roomType ? roomType.adults + roomType.children : 0;
  const capacityKnown = !isHotel || Boolean(roomType);
  // Until a hotel's room type is chosen, only the room type is asked for (the contract's 500 guests cap).
  const capacity = !capacityKnown
    ? 500
    : isHotel
      ? Math.max(1, perRoom * Math.max(1, quantity))
      : Math.max(1, summary?.guests ?? 1);
  useEffect(() => {
    setContext((current) => {
      const next: ReservationContext = {
        today,
        capacity,
        isHotel,
        availableInstances,
        originalStartDate: booking?.start_date,
      };
      return JSON.stringify(current) === JSON.stringify(next) ? current : next;
    });
  }, [today, capacity, isHotel, availableInstances, booking?.start_date]);
  // After a first submit, errors follow the context too (a smaller capacity, fewer free rooms).
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-validate when the rules' context changes
  useEffect(() => {
    if (isSubmitted) void form.trigger();
  }, [context, isSubmitted, form]);

  // spec 7: the price is calculated when the property, dates, room type or quantity change; it stays editable.
  const priceBody =
    propertyId && datesValid && (!isHotel || roomTypeId)
      ? {
          property_id: propertyId,
          start_date: startDate,
          end_date: endDate,
          ...(isHotel ? { room_type_id: roomTypeId, quantity } : {}),
        }
      : null;
  const priceKey = priceBody ? JSON.stringify(priceBody) : null;
  const calculated = useQuery({
    ...priceQuery(priceBody ?? { property_id: '', start_date: '', end_date: '' }),
    enabled: priceBody !== null,
  });
  // Edit: the saved price stands until something that changes the price changes.
  const filledFor = useRef<string | null>(booking ? priceKey : null);
  useEffect(() => {
    if (!calculated.data || !priceKey || filledFor.current === priceKey) return;
    filledFor.current = priceKey;
    setValue('price', calculated.data.total_price, { shouldDirty: true, shouldValidate: isSubmitted });
  }, [calculated.data, priceKey, setValue, isSubmitted]);

  const currency = asCurrency(calculated.data?.currency ?? booking?.currency ?? summary?.currency);
  const money = (minor: number) => formatMoneyIn(minor, currency, language);

  // A property change clears what belonged to the old one.
  const changeProperty = (id: string) => {
    setValue('property_id', id, { shouldDirty: true, shouldValidate: isSubmitted });
    setValue('room_type_id', null, { shouldDirty: true });
    setValue('quantity', 1, { shouldDirty: true });
  };

  const datesWarning = mode === 'edit' ? t('warnings.newDatesTaken') : t('warnings.datesTaken');
  const availabilityMessage = (a: Availability | undefined) => {
    if (!a) return datesWarning;
    if (a.reason === 'min_stay' && a.min_stay) return t('warnings.minStay', { count: a.min_stay });
    if (isHotel && a.available_instances < quantity && a.available_instances > 0)
      return t('warnings.roomsLeft', { count: a.available_instances });
    return datesWarning;
  };

  const focusFirstError = () => {
    const first = FIELD_ORDER.find((field) => form.getFieldState(field).error);
    if (first) form.setFocus(first);
  };

  const submit = form.handleSubmit(
    async (values) => {
      setAlert(null);
      const title = summary?.nombre ?? '';
      // spec 5: the availability check on create, and on update when dates or property changed.
      if (availabilityBody && needsAvailabilityCheck(values, booking)) {
        try {
          const fresh = await queryClient.fetchQuery({
            ...availabilityQuery(availabilityBody),
            staleTime: 0,
          });
          if (!fresh.available || (isHotel && fresh.available_instances < values.quantity)) {
            const message = availabilityMessage(fresh);
            notify.warning(message);
            setAlert(message);
            return;
          }
        } catch {
          // The server checks again on save and answers with the same warning.
        }
      }
      try {
        const saved = booking
          ? await update.mutateAsync({ id: booking.id, body: updateBody(values, booking, title, isHotel) })
          : await create.mutateAsync(createBody(values, title, isHotel));
        notify.success(booking ? t('toasts.updated') : t('toasts.created'));
        form.reset(values);
        onSaved(saved);
      } catch (error) {
        const message = serverFailure(error);
        setAlert(message);
      }
    },
    () => focusFirstError(),
  );

  /** Maps a refused save onto the form; nothing typed is lost. Returns the text for the alert. */
  const serverFailure = (error: unknown): string => {
    const fallback = booking ? t('errors.update') : t('errors.create');
    if (!(error instanceof ApiError)) {
      notify.error(fallback);
      return fallback;
    }
    if (
      error.code === 'booking.dates_taken' ||
      error.code === 'booking.new_dates_taken' ||
      error.status === 409
    ) {
      const message = error.message || datesWarning;
      notify.warning(message);
      void queryClient.invalidateQueries({ queryKey: ['reservations', 'availability'] });
      return message;
    }
    if (error.status === 0) {
      notify.error(t('common:errors.network'));
      return t('common:errors.network');
    }
    let placed = 0;
    for (const [path, messages] of Object.entries(error.errors)) {
      const field = serverFieldMap[path.split('.')[0] ?? ''];
      const message = messages.find(Boolean);
      if (!field || !message) continue;
      form.setError(field, { type: 'server', message }, { shouldFocus: placed === 0 });
      placed += 1;
    }
    const message = error.message || fallback;
    notify.error(message);
    return message;
  };

  const saving = create.isPending || update.isPending;
  const promotions = watched.promotions ?? [];
  const taxes = watched.taxes ?? [];
  const total = reservationTotal({
    price: watched.price ?? null,
    promotions: promotions.map((l) => ({ description: l?.description ?? '', price: l?.price ?? 0 })),
    taxes: taxes.map((l) => ({ description: l?.description ?? '', price: l?.price ?? 0 })),
  });

  const addLine = (kind: 'promotions' | 'taxes') => {
    const current = getValues(kind);
    if (!canAddLine(kind, getValues())) {
      notify.warning(kind === 'promotions' ? t('warnings.promotionLimit') : t('warnings.taxLimit'));
      return;
    }
    setValue(kind, [...current, { description: '', price: 0 }], { shouldDirty: true });
  };

  const minArrival = booking && booking.start_date < today ? booking.start_date : today;
  const quantityMax = availableInstances ?? roomType?.rooms_count ?? 1;

  return {
    t,
    language,
    form,
    control,
    errors,
    isSubmitted,
    setValue,
    getValues,
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
    calculated,
    currency,
    money,
    promotions,
    taxes,
    total,
    addLine,
  };
}

function maxFor(key: string, ctx: ReservationContext): number | undefined {
  if (key === 'guests_max') return ctx.capacity;
  if (key === 'quantity_max') return ctx.availableInstances;
  return undefined;
}

export type ReservationFormState = ReturnType<typeof useReservationForm>;
