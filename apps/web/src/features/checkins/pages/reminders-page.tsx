import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconBellPlus, IconPencil, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatLongDay } from '../../../lib/intl.ts';
import { notify } from '../../../lib/notify.ts';
import { useOperatorToday } from '../../../lib/today.ts';
import { useCurrentUser } from '../../../lib/use-session.ts';
import { checkinsApi, checkinsKeys, type Reminder, remindersQuery } from '../api/checkins-api.ts';

interface ReminderValues {
  day: string;
  hour: string;
  description: string;
  property_id: string;
  booking_id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function ReminderModal({ editing, onClose }: { editing: Reminder | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation(['checkins', 'common']);
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const today = useOperatorToday();
  const form = useForm<ReminderValues>({
    defaultValues: { day: today, hour: '09:00', description: '', property_id: '', booking_id: '' },
  });
  const { control, register, handleSubmit, formState, reset, setValue, watch } = form;
  useEffect(() => {
    if (editing === 'new')
      reset({ day: today, hour: '09:00', description: '', property_id: '', booking_id: '' });
    else if (editing)
      reset({
        day: editing.day,
        hour: editing.hour.slice(0, 5),
        description: editing.description,
        property_id: editing.property_id ?? '',
        booking_id: editing.booking_id ?? '',
      });
  }, [editing, reset, today]);
  const mutation = useMutation({
    mutationFn: (values: ReminderValues) => {
      const body = {
        day: values.day,
        hour: values.hour,
        description: values.description.trim(),
        property_id: values.property_id || null,
        booking_id: values.booking_id.trim() || null,
      };
      return editing && editing !== 'new'
        ? checkinsApi.updateReminder(editing.id, body)
        : checkinsApi.createReminder(body);
    },
    onSuccess: () => {
      notify.success(t(editing === 'new' ? 'reminders.created' : 'reminders.updated'));
      void queryClient.invalidateQueries({ queryKey: checkinsKeys.reminders });
      onClose();
    },
    onError: (error) => notify.error(error.message, t('reminders.saveError')),
  });
  const required = { required: t('errors.required') };
  const propertyId = watch('property_id');
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={editing === 'new' ? t('reminders.new') : t('reminders.edit')}
      centered
    >
      <form noValidate onSubmit={handleSubmit((values) => mutation.mutate(values))}>
        <Stack gap="md">
          <SimpleGrid cols={2}>
            <Controller
              control={control}
              name="day"
              rules={required}
              render={({ field }) => (
                <DateField
                  ref={field.ref}
                  label={t('reminders.day')}
                  withAsterisk
                  error={formState.errors.day?.message}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            />
            <TextInput
              type="time"
              label={t('reminders.hour')}
              withAsterisk
              error={formState.errors.hour?.message}
              {...register('hour', required)}
            />
          </SimpleGrid>
          <Textarea
            label={t('reminders.description')}
            withAsterisk
            autosize
            minRows={2}
            maxLength={500}
            dir="auto"
            error={formState.errors.description?.message}
            {...register('description', { validate: (v) => v.trim() !== '' || t('errors.required') })}
          />
          <Select
            label={t('reminders.property')}
            placeholder={t('reminders.noProperty')}
            data={(user?.properties ?? []).map((p) => ({ value: p.id, label: p.nombre }))}
            value={propertyId || null}
            onChange={(value) => setValue('property_id', value ?? '')}
            clearable
          />
          <TextInput
            label={t('reminders.booking')}
            description={t('reminders.bookingHint')}
            dir="ltr"
            error={formState.errors.booking_id?.message}
            {...register('booking_id', {
              validate: (v) => !v.trim() || UUID.test(v.trim()) || t('reminders.bookingInvalid'),
            })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {t('common:actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Reminders (spec 2.2 scheduled-checkins/bell; spec 3 Reminder: day, hour, description). */
export function RemindersPage() {
  const { t, i18n } = useTranslation(['checkins', 'common']);
  useDocumentTitle(`${t('reminders.title')} · ${t('common:appName')}`);
  const language = i18n.resolvedLanguage ?? 'es';
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const query = useQuery(remindersQuery());
  const [editing, setEditing] = useState<Reminder | 'new' | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => checkinsApi.deleteReminder(id),
    onSuccess: () => {
      notify.success(t('reminders.deleted'));
      void queryClient.invalidateQueries({ queryKey: checkinsKeys.reminders });
    },
    onError: (error) => notify.error(error.message, t('reminders.deleteError')),
  });
  const askDelete = (reminder: Reminder) =>
    modals.openConfirmModal({
      title: t('reminders.deleteTitle'),
      children: <Text size="sm">{t('reminders.deleteConfirm', { description: reminder.description })}</Text>,
      labels: { confirm: t('reminders.delete'), cancel: t('common:actions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(reminder.id),
    });
  const propertyName = (id: string | null) => user?.properties.find((p) => p.id === id)?.nombre;
  const newButton = (
    <Button leftSection={<IconBellPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
      {t('reminders.new')}
    </Button>
  );

  let body: React.ReactNode;
  if (query.isPending) {
    body = (
      <Stack gap="sm" p="md" aria-busy>
        <Skeleton h={56} />
        <Skeleton h={56} />
        <Skeleton h={56} />
      </Stack>
    );
  } else if (query.isError) {
    body = <LoadError m="md" title={t('reminders.loadError')} onRetry={() => void query.refetch()} />;
  } else if (query.data.length === 0) {
    body = (
      <EmptyState
        icon={<IconBellPlus size={28} aria-hidden />}
        title={t('reminders.emptyTitle')}
        description={t('reminders.emptyHint')}
        action={newButton}
      />
    );
  } else {
    const sorted = [...query.data].sort((a, b) => `${a.day}${a.hour}`.localeCompare(`${b.day}${b.hour}`));
    body = (
      <Stack
        gap={0}
        component="ul"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
        aria-label={t('reminders.title')}
      >
        {sorted.map((reminder, index) => (
          <Group
            key={reminder.id}
            component="li"
            justify="space-between"
            wrap="nowrap"
            p="md"
            gap="sm"
            data-testid="reminder-row"
            style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
          >
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Text size="sm" fw={600}>
                  {formatLongDay(reminder.day, language)} · <span dir="ltr">{reminder.hour.slice(0, 5)}</span>
                </Text>
                {reminder.due ? (
                  <Badge color="red" variant="light" tt="none">
                    {t('reminders.due')}
                  </Badge>
                ) : null}
              </Group>
              <Text size="sm" dir="auto" style={{ overflowWrap: 'anywhere' }}>
                {reminder.description}
              </Text>
              {reminder.property_id ? (
                <Text size="xs" c="dimmed" dir="auto">
                  {propertyName(reminder.property_id)}
                </Text>
              ) : null}
            </Stack>
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('reminders.editOne', { description: reminder.description })}
                onClick={() => setEditing(reminder)}
              >
                <IconPencil size={18} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('reminders.deleteOne', { description: reminder.description })}
                onClick={() => askDelete(reminder)}
                loading={remove.isPending && remove.variables === reminder.id}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          </Group>
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={860}>
      <PageHeader title={t('reminders.title')} description={t('reminders.description')} actions={newButton} />
      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
        {body}
      </Paper>
      <ReminderModal editing={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
