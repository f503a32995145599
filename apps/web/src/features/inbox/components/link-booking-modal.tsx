import { Button, Group, Modal, Radio, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { InboxThreadDetail } from '@posada/contracts/inbox-requests';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatStay } from '../../../lib/intl.ts';
import { notify } from '../../../lib/notify.ts';
import { bookingOptionsQuery, useLinkBooking } from '../api/inbox-api.ts';

/** Link the thread to a booking by hand (the guest's phone first), or unlink it after a confirmation. */
export function LinkBookingModal({
  opened,
  onClose,
  detail,
}: {
  opened: boolean;
  onClose: () => void;
  detail: InboxThreadDetail;
}) {
  const { t, i18n } = useTranslation('inbox');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [chosen, setChosen] = useState<string | null>(detail.booking?.booking_id ?? null);
  const [confirmUnlink, setConfirmUnlink] = useState(false);
  const options = useQuery({ ...bookingOptionsQuery(detail.thread.id, debounced), enabled: opened });
  const link = useLinkBooking(detail.thread.id);
  useEffect(() => {
    if (opened) {
      setChosen(detail.booking?.booking_id ?? null);
      setConfirmUnlink(false);
    }
  }, [opened, detail.booking?.booking_id]);

  const save = (bookingId: string | null) =>
    link.mutate(bookingId, {
      onSuccess: () => {
        notify.success(bookingId ? t('link.linked') : t('link.unlinked'));
        onClose();
      },
      onError: (error) => notify.error(error instanceof ApiError ? error.message : t('link.failed')),
    });

  return (
    <Modal opened={opened} onClose={onClose} title={t('link.title')} size="lg" centered>
      {confirmUnlink ? (
        <Stack gap="md">
          <Text size="sm">{t('link.unlinkConfirm')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmUnlink(false)}>
              {t('actions.cancel')}
            </Button>
            <Button color="red" loading={link.isPending} onClick={() => save(null)}>
              {t('link.unlink')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <TextInput
            label={t('link.search')}
            placeholder={t('link.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            data-autofocus
          />
          <ScrollArea.Autosize mah={320}>
            {options.isPending ? (
              <ListSkeleton items={3} />
            ) : (options.data ?? []).length === 0 ? (
              <Text size="sm" c="dimmed" py="md" ta="center">
                {t('link.none')}
              </Text>
            ) : (
              <Radio.Group value={chosen} onChange={setChosen} aria-label={t('link.choose')}>
                <Stack gap="xs">
                  {(options.data ?? []).map((b) => (
                    <Radio
                      key={b.id}
                      value={b.id}
                      label={
                        <Stack gap={0}>
                          <Text size="sm" fw={600}>
                            {b.name} · {b.code}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {b.property_name} · {formatStay(b.arrival, b.departure, i18n.language)}
                            {b.phone ? ` · ${b.phone}` : ''}
                          </Text>
                        </Stack>
                      }
                    />
                  ))}
                </Stack>
              </Radio.Group>
            )}
          </ScrollArea.Autosize>
          <Group justify="space-between">
            {detail.booking ? (
              <Button variant="subtle" color="red" onClick={() => setConfirmUnlink(true)}>
                {t('link.unlink')}
              </Button>
            ) : (
              <span />
            )}
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                {t('actions.cancel')}
              </Button>
              <Button
                disabled={!chosen || chosen === detail.booking?.booking_id}
                loading={link.isPending}
                onClick={() => save(chosen)}
              >
                {t('link.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
