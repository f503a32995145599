import { ActionIcon, Button, Group, NumberInput, Popover, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { type CheckinListItem, checkinsApi, invalidateCheckins } from '../api/checkins-api.ts';

/**
 * "Guests 1 of 2 registered" with a way to change how many the check-in holds (issue 11: the guest flow
 * refuses one more). Never below those registered; a booking's guest count changes with it.
 */
export function ExpectedGuests({
  item,
}: {
  item: Pick<CheckinListItem, 'id' | 'name' | 'guests_registered' | 'guests_expected' | 'booking_id'>;
}) {
  const { t } = useTranslation(['checkins', 'common']);
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [value, setValue] = useState<number>(item.guests_expected);
  const [error, setError] = useState('');
  const mutation = useMutation({
    mutationFn: (expected: number) => checkinsApi.setExpectedGuests(item.id, expected),
    onSuccess: (saved) => {
      notify.success(t('expectedGuests.saved', { name: item.name, count: saved.guests_expected }));
      setOpened(false);
      void invalidateCheckins(queryClient);
    },
    onError: (e) =>
      setError(e instanceof ApiError ? (e.errors.expected_guests?.[0] ?? e.message) : e.message),
  });
  const save = () => {
    if (!Number.isInteger(value) || value < Math.max(1, item.guests_registered)) {
      setError(t('errors.guests_below_registered'));
      return;
    }
    mutation.mutate(value);
  };
  return (
    <Group gap={6} wrap="nowrap">
      <Text fw={600}>
        {t('list.guestsValue', { registered: item.guests_registered, expected: item.guests_expected })}
      </Text>
      <Popover
        opened={opened}
        onChange={setOpened}
        trapFocus
        withArrow
        position="bottom"
        onOpen={() => {
          setValue(item.guests_expected);
          setError('');
        }}
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={t('expectedGuests.edit', { name: item.name })}
            onClick={() => setOpened((o) => !o)}
          >
            <IconPencil size={16} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs" maw={260}>
            <NumberInput
              label={t('expectedGuests.label')}
              description={item.booking_id ? t('expectedGuests.bookingHint') : undefined}
              min={Math.max(1, item.guests_registered)}
              max={500}
              allowDecimal={false}
              value={value}
              onChange={(v) => {
                setValue(typeof v === 'number' ? v : Number(v));
                setError('');
              }}
              error={error || undefined}
              data-autofocus
            />
            <Button size="xs" onClick={save} loading={mutation.isPending}>
              {t('common:actions.save')}
            </Button>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}
