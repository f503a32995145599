import 'dayjs/locale/ar';
import 'dayjs/locale/en';
import 'dayjs/locale/es';
import { Alert, Button, Drawer, Skeleton, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { Booking } from '@posada/contracts/bookings';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { bookingQuery } from '../../../lib/api/bookings-api.ts';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';
import { useCurrentUser } from '../../../lib/use-session.ts';
import type { ReservationInitial } from '../lib/booking-form.ts';
import { ReservationForm } from './reservation-form.tsx';

export type { ReservationInitial };

export interface ReservationModalProps {
  opened: boolean;
  onClose: () => void;
  mode: 'create' | 'edit';
  /** Create: what is already chosen (a calendar selection: property, room type, dates). */
  initial?: ReservationInitial;
  /** Edit: the booking to change. */
  bookingId?: string;
  /** After a successful save, with the saved booking (lists and calendars are already invalidated). */
  onSaved?: (booking: Booking) => void;
}

/**
 * The reservation modal (spec 2.4): a side dialog to create or edit a booking, on the right (on the left
 * in right-to-left languages), full width on phones. Closing with unsaved changes asks first.
 */
export function ReservationModal({
  opened,
  onClose,
  mode,
  initial,
  bookingId,
  onSaved,
}: ReservationModalProps) {
  const { t } = useTranslation(['reservations', 'common']);
  const isMobile = useIsMobile();
  const dirty = useRef(false);
  const onDirtyChange = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);

  const close = useCallback(() => {
    if (!dirty.current) return onClose();
    modals.openConfirmModal({
      title: t('modal.discardTitle'),
      centered: true,
      children: <Text size="sm">{t('modal.discardBody')}</Text>,
      labels: { confirm: t('modal.discard'), cancel: t('modal.keepEditing') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        dirty.current = false;
        onClose();
      },
    });
  }, [onClose, t]);

  return (
    <Drawer
      opened={opened}
      onClose={close}
      // Mantine mirrors the side in right-to-left: on the left in Arabic.
      position="right"
      size={isMobile ? '100%' : 560}
      title={
        <Text fw={650} fz="lg" component="span">
          {mode === 'edit' ? t('modal.editTitle') : t('modal.createTitle')}
        </Text>
      }
      padding="md"
      keepMounted={false}
      closeOnClickOutside
      trapFocus
    >
      {opened ? (
        <ModalBody
          mode={mode}
          initial={initial}
          bookingId={bookingId}
          onCancel={close}
          onSaved={(booking) => {
            dirty.current = false;
            onSaved?.(booking);
            onClose();
          }}
          onDirtyChange={onDirtyChange}
        />
      ) : null}
    </Drawer>
  );
}

function ModalBody({
  mode,
  initial,
  bookingId,
  onCancel,
  onSaved,
  onDirtyChange,
}: {
  mode: 'create' | 'edit';
  initial?: ReservationInitial;
  bookingId?: string;
  onCancel: () => void;
  onSaved: (booking: Booking) => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t } = useTranslation(['reservations', 'common']);
  const { data: user } = useCurrentUser();
  const editing = mode === 'edit' && bookingId ? bookingId : null;
  const booking = useQuery({ ...bookingQuery(editing ?? ''), enabled: Boolean(editing) });

  if (!user || (editing && booking.isPending)) return <FormSkeleton />;
  if (editing && booking.isError)
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            {(booking.error as { status?: number }).status === 404 ? t('details.notFound') : t('errors.load')}
          </Text>
          <Button size="xs" variant="white" color="red" onClick={() => void booking.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  if (user.properties.length === 0)
    return (
      <Alert color="yellow" variant="light" role="status">
        {t('modal.noProperties')}
      </Alert>
    );
  return (
    <ReservationForm
      key={booking.data?.id ?? 'new'}
      mode={editing ? 'edit' : 'create'}
      properties={user.properties}
      defaultPropertyId={user.active_property_id}
      initial={initial}
      booking={editing ? booking.data : undefined}
      onCancel={onCancel}
      onSaved={onSaved}
      onDirtyChange={onDirtyChange}
    />
  );
}

function FormSkeleton() {
  return (
    <Stack gap="lg" aria-busy aria-hidden>
      {['a', 'b', 'c', 'd', 'e', 'f'].map((key) => (
        <Stack key={key} gap={6}>
          <Skeleton h={12} w="30%" />
          <Skeleton h={36} />
        </Stack>
      ))}
    </Stack>
  );
}
