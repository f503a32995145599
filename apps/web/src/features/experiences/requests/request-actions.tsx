import { Button, Group, Menu, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ServiceRequest } from '@posada/contracts/experiences';
import { type Icon, IconCash, IconCheck, IconDots, IconTrash, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.ts';
import { errorText, type RequestAction, useRequestAction } from '../api/upselling-api.ts';
import { paymentState, requestActions } from '../lib/request-view.ts';

export const actionIcons: Record<RequestAction, Icon> = {
  approve: IconCheck,
  reject: IconX,
  'confirm-payment': IconCash,
  discard: IconTrash,
};
const actionColors: Record<RequestAction, string> = {
  approve: 'teal',
  reject: 'red',
  'confirm-payment': 'blue',
  discard: 'red',
};
/** The i18n key part of each action (camelCase keys). */
export const actionKeys: Record<RequestAction, string> = {
  approve: 'approve',
  reject: 'reject',
  'confirm-payment': 'confirmPayment',
  discard: 'discard',
};

/**
 * spec 4: every action asks first. Approve reminds to contact the guest and says a held card is charged;
 * reject says a hold is released; confirm payment records money taken at the property; discard deletes.
 */
export function useRunRequestAction(onDone?: (action: RequestAction) => void) {
  const { t } = useTranslation('upselling');
  const mutation = useRequestAction();
  return (request: ServiceRequest, action: RequestAction) => {
    const key = actionKeys[action];
    const held = paymentState(request) === 'online_held';
    const lines = [t(`actions.${key}.body`, { service: request.service_name, client: request.client_name })];
    if (action === 'approve' && held) lines.push(t('actions.approve.held'));
    if (action === 'reject' && held) lines.push(t('actions.reject.held'));
    modals.openConfirmModal({
      title: t(`actions.${key}.title`),
      centered: true,
      children: (
        <Stack gap="xs" data-testid="request-confirm">
          {lines.map((line) => (
            <Text key={line} size="sm">
              {line}
            </Text>
          ))}
        </Stack>
      ),
      labels: { confirm: t(`actions.${key}.confirm`), cancel: t('common:actions.cancel') },
      confirmProps: { color: actionColors[action] },
      onConfirm: () =>
        mutation.mutate(
          { id: request.id, action },
          {
            onSuccess: () => {
              notify.success(t(`actions.${key}.done`, { service: request.service_name }));
              onDone?.(action);
            },
            onError: (error) => notify.error(errorText(error)),
          },
        ),
    });
  };
}

/** The actions of one row: the first as a button, the rest in a menu (all in the menu on a phone). */
export function RequestActionsMenu({
  request,
  run,
  compact,
}: {
  request: ServiceRequest;
  run: (request: ServiceRequest, action: RequestAction) => void;
  compact?: boolean;
}) {
  const { t } = useTranslation('upselling');
  const actions = requestActions(request);
  if (actions.length === 0) return null;
  const [first, ...rest] = actions;
  const primary = first && first !== 'discard' && !compact ? first : null;
  const menu = primary ? rest : actions;
  const PrimaryIcon = primary ? actionIcons[primary] : null;
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {primary && PrimaryIcon ? (
        <Button
          size="xs"
          variant="light"
          color={actionColors[primary]}
          leftSection={<PrimaryIcon size={14} aria-hidden />}
          onClick={() => run(request, primary)}
        >
          {t(`actions.${actionKeys[primary]}.label`)}
        </Button>
      ) : null}
      {menu.length > 0 ? (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              size="xs"
              variant="subtle"
              color="gray"
              px={6}
              aria-label={t('actions.more', { service: request.service_name })}
            >
              <IconDots size={16} aria-hidden />
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {menu.map((action) => {
              const ActionIcon = actionIcons[action];
              return (
                <Menu.Item
                  key={action}
                  color={action === 'discard' || action === 'reject' ? 'red' : undefined}
                  leftSection={<ActionIcon size={14} aria-hidden />}
                  onClick={() => run(request, action)}
                >
                  {t(`actions.${actionKeys[action]}.label`)}
                </Menu.Item>
              );
            })}
          </Menu.Dropdown>
        </Menu>
      ) : null}
    </Group>
  );
}
