import {
  ActionIcon,
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Timeline,
  Title,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import type { RegistrationErrorView } from '@posada/contracts/authorities';
import {
  IconAlertTriangle,
  IconCheck,
  IconClock,
  IconCopy,
  IconRefresh,
  IconSend,
  IconSettings,
  IconShieldX,
  IconUsers,
  IconX,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../config/routes.ts';
import { ApiError } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/intl.ts';
import { notify } from '../../../lib/notify.ts';
import {
  checkinRegistrationQuery,
  invalidateRegistrations,
  registrationsApi,
} from '../api/registrations-api.ts';
import { errorGuestName, sendAction, sendOutcome } from '../lib/registration-view.ts';
import { RegistrationBadge } from './registration-badge.tsx';

/** A proof code, in full, with a copy button (the operator pastes it into a letter to the authority). */
export function ProofCode({ code, label }: { code: string; label: string }) {
  const { t } = useTranslation('registrations');
  return (
    <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
      <Code dir="ltr" style={{ overflowWrap: 'anywhere' }} data-testid="proof-code">
        {code}
      </Code>
      <CopyButton value={code} timeout={1500}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('proof.copied') : t('proof.copy', { label })} withArrow>
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              size="sm"
              onClick={() => {
                copy();
                notify.success(t('proof.copiedToast', { label }));
              }}
              aria-label={t('proof.copy', { label })}
            >
              {copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" fw={500} component="div" style={{ overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Text>
    </Stack>
  );
}

/** The authority's errors, field by field, each with the guest it names. */
export function RegistrationErrors({
  errors,
  guestNames,
}: {
  errors: RegistrationErrorView[];
  guestNames: readonly string[];
}) {
  const { t } = useTranslation(['registrations', 'checkins']);
  if (errors.length === 0) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconShieldX size={20} aria-hidden />}
      title={t('detail.errorsTitle')}
      data-testid="registration-errors"
    >
      <Stack gap={6}>
        {errors.map((error, i) => {
          const name = errorGuestName(error.guest, guestNames);
          const field = error.field
            ? t(`checkins:fields.${error.field}`, { defaultValue: error.field })
            : null;
          // Each part isolated (<bdi>): a Latin name inside Arabic text keeps its place.
          const parts = [error.guest ? t('detail.errorGuest', { n: error.guest }) : null, name, field].filter(
            (p): p is string => Boolean(p),
          );
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the authority's errors have no id; their order is theirs
            <Stack key={i} gap={0} data-testid="registration-error">
              <Text size="sm" fw={600}>
                {parts.length === 0
                  ? t('detail.errorGeneral')
                  : parts.map((part, n) => (
                      <span key={part}>
                        {n > 0 ? ' · ' : null}
                        <bdi>{part}</bdi>
                      </span>
                    ))}
              </Text>
              <Text size="sm" dir="auto">
                {error.message}
                {error.code ? (
                  <Text span size="xs" c="dimmed" dir="ltr">
                    {' '}
                    ({error.code})
                  </Text>
                ) : null}
              </Text>
            </Stack>
          );
        })}
      </Stack>
    </Alert>
  );
}

const outcomeColor: Record<string, string> = {
  ok: 'teal',
  pending: 'blue',
  rejected: 'red',
  failed: 'orange',
};

/**
 * "Registro policial" of the check-in detail (issue 14 item 2): state, due time, proof codes, the
 * authority's errors by field and guest, every exchange, and send now / re-send (confirmed first).
 * Without authority settings it says so and links to them.
 */
export function RegistrationSection({
  checkinId,
  propertyId,
  complete,
  guestNames,
}: {
  checkinId: string;
  propertyId: string;
  complete: boolean;
  guestNames: readonly string[];
}) {
  const { t, i18n } = useTranslation(['registrations', 'common']);
  const language = i18n.resolvedLanguage ?? 'es';
  const queryClient = useQueryClient();
  const query = useQuery(checkinRegistrationQuery(checkinId));
  const mutation = useMutation({
    mutationFn: (body: { correction?: boolean; send_incomplete?: boolean }) =>
      registrationsApi.send(checkinId, body),
    onSuccess: (answer, { correction }) => {
      queryClient.setQueryData(checkinRegistrationQuery(checkinId).queryKey, answer);
      void invalidateRegistrations(queryClient);
      // Only what really happened: sent, on its way, or stopped (with the reason).
      const outcome = sendOutcome(answer.registration?.state ?? null);
      if (outcome === 'sent') notify.success(t(correction ? 'detail.resentToast' : 'detail.sentToast'));
      else if (outcome === 'queued') notify.info(t('detail.queuedToast'));
      else
        notify.warning(
          // The authority's words first ('Credenciales incorrectas...'), our adapter's code last.
          answer.registration?.errors[0]?.message ?? answer.registration?.last_error ?? t('detail.sendError'),
          t('detail.stoppedToast'),
        );
    },
    onError: (error) =>
      notify.error(error instanceof ApiError ? error.message : t('detail.sendError'), t('detail.sendFailed')),
  });

  const header = (extra?: ReactNode) => (
    <Group justify="space-between" gap="xs">
      <Title order={3} fz="md">
        {t('detail.title')}
      </Title>
      {extra}
    </Group>
  );

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <Stack gap="xs" aria-busy>
        {header()}
        <Skeleton h={16} w="60%" />
        <Skeleton h={16} w="40%" />
      </Stack>
    );
  } else if (query.isError) {
    body = (
      <Stack gap="xs">
        {header()}
        <Alert color="red" variant="light" role="alert">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t('detail.loadError')}</Text>
            <Button
              size="xs"
              variant="white"
              color="red"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={() => void query.refetch()}
            >
              {t('common:actions.retry')}
            </Button>
          </Group>
        </Alert>
      </Stack>
    );
  } else if (!query.data.configured) {
    body = (
      <Stack gap="xs">
        {header(<RegistrationBadge state="not_configured" />)}
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={20} aria-hidden />}
          title={t('detail.notConfiguredTitle')}
          data-testid="registration-not-configured"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('detail.notConfigured')}</Text>
            <Button
              component={Link}
              to={pathTo('Authorities', { propertyId })}
              size="xs"
              variant="light"
              color="orange"
              leftSection={<IconSettings size={14} aria-hidden />}
            >
              {t('detail.configure')}
            </Button>
          </Stack>
        </Alert>
      </Stack>
    );
  } else {
    const { registration, entity } = query.data;
    const action = complete ? sendAction(registration?.state ?? null) : null;
    const counts = registration
      ? {
          registered: registration.guest_count,
          expected: registration.expected_guests,
          missing: Math.max(0, registration.expected_guests - registration.guest_count),
        }
      : null;
    const ask = () => {
      if (action === 'send') {
        mutation.mutate({});
        return;
      }
      if (action === 'send_incomplete') {
        modals.openConfirmModal({
          title: t('detail.sendIncompleteTitle'),
          children: <Text size="sm">{t('detail.sendIncompleteConfirm', counts ?? {})}</Text>,
          labels: { confirm: t('detail.sendIncomplete'), cancel: t('common:actions.cancel') },
          confirmProps: { color: 'orange' },
          onConfirm: () => mutation.mutate({ send_incomplete: true }),
        });
        return;
      }
      modals.openConfirmModal({
        title: t('detail.resendTitle'),
        children: <Text size="sm">{t('detail.resendConfirm')}</Text>,
        labels: { confirm: t('detail.resend'), cancel: t('common:actions.cancel') },
        onConfirm: () => mutation.mutate({ correction: true }),
      });
    };
    const actionLabel = {
      send: 'detail.sendNow',
      send_incomplete: 'detail.sendIncomplete',
      resend: 'detail.resend',
    } as const;
    const button = action ? (
      <Button
        size="compact-sm"
        variant={action === 'resend' ? 'light' : 'filled'}
        color={action === 'send_incomplete' ? 'orange' : undefined}
        leftSection={
          action === 'resend' ? <IconRefresh size={14} aria-hidden /> : <IconSend size={14} aria-hidden />
        }
        loading={mutation.isPending}
        onClick={ask}
      >
        {t(actionLabel[action])}
      </Button>
    ) : null;
    body = (
      <Stack gap="sm">
        {header(
          registration ? (
            <RegistrationBadge state={registration.state} overdue={registration.overdue} />
          ) : null,
        )}
        {registration ? (
          <>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="sm">
              <Field label={t('detail.authority')}>
                {entity ? t(`entity.${entity}`) : ''} · {t(`kind.${registration.kind}`)}
              </Field>
              <Field label={t('detail.due')}>
                <Text
                  span
                  size="sm"
                  fw={500}
                  c={registration.overdue ? 'red' : undefined}
                  data-testid="registration-due"
                >
                  {formatDateTime(registration.due_at, language)}
                  {registration.overdue ? ` · ${t('badge.overdue')}` : ''}
                </Text>
              </Field>
              <Field label={t('detail.sentAt')}>
                {registration.sent_at ? formatDateTime(registration.sent_at, language) : ''}
              </Field>
            </SimpleGrid>
            {registration.batch_code ||
            registration.communication_codes.length ||
            registration.receipt_number ? (
              <Stack gap={6} data-testid="registration-proof">
                <Text size="xs" c="dimmed" fw={500}>
                  {t('detail.proof')}
                </Text>
                {registration.batch_code ? (
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" w={120} style={{ flexShrink: 0 }}>
                      {t('proof.batch')}
                    </Text>
                    <ProofCode code={registration.batch_code} label={t('proof.batch')} />
                  </Group>
                ) : null}
                {registration.communication_codes.map((code, i) => (
                  <Group key={code} gap="xs" wrap="nowrap">
                    <Text size="sm" w={120} style={{ flexShrink: 0 }}>
                      {t('proof.communication', { n: i + 1 })}
                    </Text>
                    <ProofCode code={code} label={t('proof.communication', { n: i + 1 })} />
                  </Group>
                ))}
                {registration.receipt_number ? (
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" w={120} style={{ flexShrink: 0 }}>
                      {t('proof.receipt')}
                    </Text>
                    <ProofCode code={registration.receipt_number} label={t('proof.receipt')} />
                  </Group>
                ) : null}
              </Stack>
            ) : null}
            {registration.state === 'waiting_guests' && counts ? (
              <Alert
                color="orange"
                variant="light"
                icon={<IconUsers size={20} aria-hidden />}
                title={t('detail.missingTitle')}
                data-testid="registration-missing"
              >
                <Stack gap={4}>
                  <Text size="sm">{t('detail.missing', counts)}</Text>
                  {guestNames.length > 0 ? (
                    <Text size="sm" c="dimmed">
                      {t('detail.missingNames', { names: guestNames.join(', ') })}
                    </Text>
                  ) : null}
                </Stack>
              </Alert>
            ) : null}
            {registration.sent_incomplete && counts ? (
              <Text size="sm" c="orange.8" data-testid="registration-sent-incomplete">
                {t('detail.sentIncomplete', counts)}
              </Text>
            ) : null}
            <RegistrationErrors errors={registration.errors} guestNames={guestNames} />
            {registration.state === 'needs_action' &&
            registration.errors.length === 0 &&
            registration.last_error ? (
              <Alert color="orange" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />}>
                <Text size="sm" dir="auto">
                  {registration.last_error}
                </Text>
              </Alert>
            ) : null}
            {registration.attempts.length > 0 ? (
              <Stack gap={6}>
                <Text size="xs" c="dimmed" fw={500}>
                  {t('detail.attempts')}
                </Text>
                <Timeline bulletSize={20} lineWidth={2} data-testid="registration-attempts">
                  {registration.attempts.map((attempt) => (
                    <Timeline.Item
                      key={attempt.id}
                      color={outcomeColor[attempt.outcome] ?? 'gray'}
                      bullet={
                        attempt.outcome === 'ok' ? (
                          <IconCheck size={12} aria-hidden />
                        ) : attempt.outcome === 'pending' ? (
                          <IconClock size={12} aria-hidden />
                        ) : (
                          <IconX size={12} aria-hidden />
                        )
                      }
                      title={
                        <Text size="sm" fw={600}>
                          {t(`operation.${attempt.operation}`, { defaultValue: attempt.operation })} ·{' '}
                          {t(`outcome.${attempt.outcome}`, { defaultValue: attempt.outcome })}
                        </Text>
                      }
                    >
                      {attempt.detail ? (
                        <Text size="xs" dir="auto" style={{ overflowWrap: 'anywhere' }}>
                          {attempt.detail}
                        </Text>
                      ) : null}
                      <Text size="xs" c="dimmed">
                        {formatDateTime(attempt.created_at, language)}
                      </Text>
                    </Timeline.Item>
                  ))}
                </Timeline>
              </Stack>
            ) : null}
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t(complete ? 'detail.noneYet' : 'detail.waitingCheckin')}
          </Text>
        )}
        {button ? <Group justify="flex-end">{button}</Group> : null}
      </Stack>
    );
  }
  return (
    <Paper withBorder radius="lg" p="md" component="section" data-testid="registration-section">
      {body}
    </Paper>
  );
}
