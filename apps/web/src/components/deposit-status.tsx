import { Badge, Button, Group, Skeleton } from '@mantine/core';

/** spec 4 Deposit badge: 1 paid, 2 pending, 3 refunded (0 unknown is the skeleton). */
export const depositColor: Record<1 | 2 | 3, string> = { 1: 'teal', 2: 'yellow', 3: 'gray' };

/**
 * A deposit's state as the dashboard widget and the booking's deposit table show it: a retry when the
 * verification failed, a skeleton while it is unknown, else the badge and "Devolver fianza" when paid.
 */
export function DepositStatus(props: {
  state: 0 | 1 | 2 | 3;
  failed: boolean;
  onRetry: () => void;
  canRefund: boolean;
  refunding: boolean;
  onRefund: () => void;
  labels: { retry: string; verifying: string; state: string; refund: string };
}) {
  const { state, labels } = props;
  if (props.failed)
    return (
      <Button size="compact-xs" variant="subtle" onClick={props.onRetry}>
        {labels.retry}
      </Button>
    );
  if (state === 0) return <Skeleton height={20} width={80} radius="xl" aria-label={labels.verifying} />;
  return (
    <Group gap={6} wrap="nowrap">
      <Badge variant="light" color={depositColor[state]} tt="none" data-testid="deposit-status">
        {labels.state}
      </Badge>
      {props.canRefund ? (
        <Button
          size="compact-xs"
          variant="light"
          color="red"
          loading={props.refunding}
          onClick={props.onRefund}
        >
          {labels.refund}
        </Button>
      ) : null}
    </Group>
  );
}
