import {
  createTheme,
  DirectionProvider,
  MantineProvider,
  mergeThemeOverrides,
  useDirection,
} from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { theme } from '../config/theme.ts';
import { ProgrammedCheckin, useBookingCheckin } from '../features/checkins/components/programmed-checkin.tsx';
import { MessageDeliveries } from '../features/deliveries/components/message-deliveries.tsx';
import { ResendButtons } from '../features/deliveries/components/resend-actions.tsx';
import { type BookingCheckin, BookingCheckinProvider } from '../lib/booking-checkin.tsx';
import { DeliveryResendProvider } from '../lib/delivery-resend.tsx';
import { isRtl } from '../lib/i18n.ts';
import { TOAST_MS } from '../lib/notify.ts';
import { queryClient } from '../lib/query-client.ts';
import { StayMessagesProvider } from '../lib/stay-messages.tsx';
import toasts from './toasts.module.css';

/** Reservations shows a booking's check-in through lib/booking-checkin.tsx; the checkins feature draws it. */
const bookingCheckin: BookingCheckin = {
  Panel: ProgrammedCheckin as BookingCheckin['Panel'],
  useGuestFields: useBookingCheckin,
};

/** Mantine reads the direction once; follow later language changes (Arabic is right-to-left). */
function DirectionSync({ dir }: { dir: 'ltr' | 'rtl' }) {
  const { dir: current, setDirection } = useDirection();
  useEffect(() => {
    if (current !== dir) setDirection(dir);
  }, [current, dir, setDirection]);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'es';
  const dir = isRtl(language) ? 'rtl' : 'ltr';
  const closeLabel = i18n.t('common:actions.close');
  // Close buttons of toasts, modals and drawers get an accessible name in the current language.
  const localizedTheme = useMemo(() => {
    const closeButtonProps = { 'aria-label': closeLabel };
    return mergeThemeOverrides(
      theme,
      createTheme({
        components: {
          Notification: { defaultProps: { closeButtonProps } },
          Modal: { defaultProps: { closeButtonProps } },
          Drawer: { defaultProps: { closeButtonProps } },
        },
      }),
    );
  }, [closeLabel]);
  return (
    <DirectionProvider initialDirection={dir} detectDirection>
      <DirectionSync dir={dir} />
      <MantineProvider theme={localizedTheme} defaultColorScheme="light">
        <DatesProvider settings={{ locale: language }}>
          <QueryClientProvider client={queryClient}>
            <BookingCheckinProvider value={bookingCheckin}>
              <StayMessagesProvider value={MessageDeliveries}>
                <DeliveryResendProvider value={ResendButtons}>
                  <ModalsProvider
                    labels={{
                      confirm: i18n.t('common:actions.confirm'),
                      cancel: i18n.t('common:actions.cancel'),
                    }}
                  >
                    <Notifications
                      position="bottom-center"
                      containerWidth={380}
                      classNames={{ root: toasts.root }}
                      autoClose={TOAST_MS}
                    />
                    {children}
                  </ModalsProvider>
                </DeliveryResendProvider>
              </StayMessagesProvider>
            </BookingCheckinProvider>
          </QueryClientProvider>
        </DatesProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
