import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { SendCheckinData } from '@posada/contracts/checkins';
import { sendContactRequired } from '@posada/domain/checkin-rules';
import {
  IconAlertCircle,
  IconBrandWhatsapp,
  IconMail,
  IconMessage,
  IconQrcode,
  IconSend,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DateField } from '../../../components/date-field.tsx';
import { pathTo } from '../../../config/routes.ts';
import { bookingQuery } from '../../../lib/api/bookings-api.ts';
import { ApiError } from '../../../lib/api.ts';
import { formatStay } from '../../../lib/intl.ts';
import { notify } from '../../../lib/notify.ts';
import { StayMessages } from '../../../lib/stay-messages.tsx';
import { useOperatorToday } from '../../../lib/today.ts';
import { useIsMobile } from '../../../lib/use-is-mobile.ts';
import { useCurrentUser } from '../../../lib/use-session.ts';
import { checkinsApi, invalidateCheckins, type SendChannel, sendChannels } from '../api/checkins-api.ts';
import { LinkPanel } from '../components/link-panel.tsx';
import { SendOutcomeHeadline } from '../components/send-outcome.tsx';
import { serverMessageKey } from '../lib/manual-form.ts';
import { type SendValues, sendErrors, toSendBody } from '../lib/send-form.ts';

const channelIcons = { email: IconMail, whatsapp: IconBrandWhatsapp, sms: IconMessage, qr: IconQrcode };
const UUID = /^[0-9a-f-]{36}$/i;

/**
 * Send check-in (checkinPrevie, checkinPrevieLink; spec 2.2 checkin/service/previe/…): the guest gets
 * the check-in link by e-mail, messaging, or scans its QR here. `?booking_id=` fills the form from a
 * reservation; `?channel=qr` opens on the QR option (the list's 'Options for a new check-in').
 */
export function SendCheckinPage() {
  const { t, i18n } = useTranslation(['checkins', 'common']);
  const isMobile = useIsMobile();
  useDocumentTitle(`${t('send.title')} · ${t('common:appName')}`);
  const language = i18n.resolvedLanguage ?? 'es';
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const { data: user } = useCurrentUser();
  const properties = user?.properties ?? [];
  const bookingId = UUID.test(params.get('booking_id') ?? '') ? (params.get('booking_id') as string) : '';
  const booking = useQuery({ ...bookingQuery(bookingId), enabled: Boolean(bookingId) });
  const initialChannel = sendChannels.includes(params.get('channel') as SendChannel)
    ? (params.get('channel') as SendChannel)
    : 'email';
  const [result, setResult] = useState<SendCheckinData | null>(null);
  const [serverAlert, setServerAlert] = useState<string | null>(null);
  const today = useOperatorToday();

  const resolver: Resolver<SendValues> = async (values) => {
    const errors = Object.entries(sendErrors(values));
    if (errors.length === 0) return { values, errors: {} };
    return {
      values: {},
      errors: Object.fromEntries(
        errors.map(([f, key]) => [f, { type: 'validation', message: t(key as string) }]),
      ),
    };
  };
  const form = useForm<SendValues>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: {
      property_id: user?.active_property_id ?? (properties.length === 1 ? (properties[0]?.id ?? '') : ''),
      name: '',
      phone: '',
      email: '',
      channel: initialChannel,
      start_date: today,
      end_date: '',
      guests: 1,
    },
  });
  const { register, control, handleSubmit, formState, setError, reset, getValues, watch } = form;
  const channel = watch('channel');
  const needs = sendContactRequired(channel);

  // A reservation fills the form once it loads (the operator may still correct the contact).
  useEffect(() => {
    const b = booking.data;
    if (!b) return;
    reset({
      ...getValues(),
      property_id: b.property_id,
      name: b.name,
      phone: b.phone,
      email: b.email,
      start_date: b.start_date,
      end_date: b.end_date,
      guests: b.number_of_guests,
      booking_id: b.id,
    });
  }, [booking.data, reset, getValues]);

  const mutation = useMutation({
    mutationFn: (values: SendValues) => checkinsApi.send(toSendBody(values, language)),
    onSuccess: (data, values) => {
      setResult(data);
      setServerAlert(null);
      void invalidateCheckins(queryClient);
      // The result page says what happened, live from the provider (issue 26); a toast would repeat it
      // (issue 13). Only a link no channel could take, though asked to, gets a warning.
      if (values.channel !== 'qr' && !data.sent) notify.warning(t('send.notSent'));
    },
    onError: (error) => {
      let placed = 0;
      if (error instanceof ApiError) {
        for (const [field, messages] of Object.entries(error.errors)) {
          const key = serverMessageKey(messages[0] ?? '');
          if (field in getValues() || field === 'property_id') {
            setError(field as keyof SendValues, {
              type: 'server',
              message: key ? t(key) : (messages[0] ?? ''),
            });
            placed += 1;
          }
        }
      }
      const text = placed ? t('send.fixErrors') : error.message;
      setServerAlert(text);
      notify.error(text, t('send.error'));
    },
  });

  const err = (field: keyof SendValues) => formState.errors[field]?.message;

  if (result) {
    return (
      <Stack gap="lg" maw={620} mx="auto" data-testid="send-result">
        <Stack gap={4}>
          <SendOutcomeHeadline result={result} />
          <Text size="sm">
            <span dir="auto">{result.checkin.property_name}</span> ·{' '}
            {formatStay(result.checkin.start_date, result.checkin.end_date, language)}
          </Text>
        </Stack>
        <Paper withBorder radius="lg" p="lg">
          <LinkPanel link={result.link} name={result.checkin.name} />
        </Paper>
        {/* Nothing is sent for a QR code: no messages to follow. */}
        {result.delivery ? <StayMessages checkinId={result.checkin.id} /> : null}
        <Group justify="center">
          <Button variant="default" onClick={() => setResult(null)}>
            {t('send.another')}
          </Button>
          <Button component={Link} to={pathTo('Bookings')}>
            {t('send.toList')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={720} mx="auto" pb={48}>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
          {t('send.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('send.description')}
        </Text>
      </Stack>
      {serverAlert ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} role="alert">
          {serverAlert}
        </Alert>
      ) : null}
      <Paper
        withBorder
        radius="lg"
        p={{ base: 'md', sm: 'xl' }}
        component="form"
        noValidate
        onSubmit={handleSubmit(
          (values) => mutation.mutate(values),
          () => notify.warning(t('send.fixErrors')),
        )}
      >
        <Stack gap="md">
          <Controller
            control={control}
            name="channel"
            render={({ field }) => (
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t('send.channel')}
                </Text>
                <SegmentedControl
                  value={field.value}
                  onChange={(value) => field.onChange(value as SendChannel)}
                  fullWidth
                  // On a phone the four channels fit its width by their names alone (issue 13: QR was cut).
                  size={isMobile ? 'xs' : 'sm'}
                  data-testid="send-channels"
                  data={sendChannels.map((c) => {
                    const ChannelIcon = channelIcons[c];
                    return {
                      value: c,
                      label: (
                        <Group gap={6} justify="center" wrap="nowrap">
                          {isMobile ? null : <ChannelIcon size={16} aria-hidden />}
                          <span>{t(`send.channels.${c}`)}</span>
                        </Group>
                      ),
                    };
                  })}
                />
                <Text size="xs" c="dimmed">
                  {t(`send.channelHint.${channel}`)}
                </Text>
              </Stack>
            )}
          />
          <Controller
            control={control}
            name="property_id"
            render={({ field }) => (
              <Select
                label={t('fields.property_id')}
                withAsterisk
                data={properties.map((p) => ({ value: p.id, label: p.nombre }))}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                ref={field.ref}
                error={err('property_id')}
                allowDeselect={false}
                disabled={Boolean(bookingId)}
                placeholder={t('manual.choose')}
              />
            )}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('send.name')}
              withAsterisk
              dir="auto"
              error={err('name')}
              {...register('name')}
            />
            <TextInput
              label={t('fields.phone')}
              withAsterisk={needs.phone}
              type="tel"
              dir="ltr"
              error={err('phone')}
              {...register('phone')}
            />
            <TextInput
              label={t('fields.email')}
              withAsterisk={needs.email}
              type="email"
              dir="ltr"
              error={err('email')}
              {...register('email')}
            />
            <Controller
              control={control}
              name="guests"
              render={({ field }) => (
                <NumberInput
                  label={t('send.guests')}
                  min={1}
                  max={100}
                  value={field.value}
                  onChange={(value) => field.onChange(Number(value) || 0)}
                  onBlur={field.onBlur}
                  error={err('guests')}
                />
              )}
            />
            <Controller
              control={control}
              name="start_date"
              render={({ field }) => (
                <DateField
                  ref={field.ref}
                  label={t('fields.arrival')}
                  withAsterisk
                  disabled={Boolean(bookingId)}
                  error={err('start_date')}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            />
            <Controller
              control={control}
              name="end_date"
              render={({ field }) => (
                <DateField
                  ref={field.ref}
                  label={t('fields.departure')}
                  withAsterisk
                  disabled={Boolean(bookingId)}
                  error={err('end_date')}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            />
          </SimpleGrid>
          <Group justify="flex-end" mt="md">
            <Button
              type="submit"
              loading={mutation.isPending}
              leftSection={
                channel === 'qr' ? <IconQrcode size={16} aria-hidden /> : <IconSend size={16} aria-hidden />
              }
            >
              {channel === 'qr' ? t('send.submitQr') : t('send.submit')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
