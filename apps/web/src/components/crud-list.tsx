import { ActionIcon, Button, Group, Modal, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notify } from '../lib/notify.ts';
import { useIsMobile } from '../lib/use-is-mobile.ts';
import { confirmDelete } from './confirm-delete.tsx';
import { FormAlert } from './form-alert.tsx';
import { applyServerErrors } from './form-errors.ts';

interface Named {
  id: string;
  name: string;
}

export interface CrudColumn<T> {
  header: string;
  cell: (item: T) => ReactNode;
}

export interface CrudListTexts<T> {
  add: string;
  edit: string;
  delete: string;
  editNamed: (item: T) => string;
  deleteNamed: (item: T) => string;
  newTitle: string;
  editTitle: (item: T) => string;
  deleteTitle: (item: T) => string;
  deleteBody: (item: T) => string;
  deleted: string;
  deleteError: string;
}

/**
 * A list whose items are added and edited in a modal and deleted after a confirmation: the add
 * button, each item's edit and delete buttons (in `cardHeader` and `table`), and the modal (`renderModal`).
 */
export function useCrudList<T extends Named>({
  remove,
  invalidate,
  texts,
}: {
  remove: (item: T) => Promise<unknown>;
  /** The list's query, refreshed after a delete. */
  invalidate: QueryKey;
  texts: CrudListTexts<T>;
}) {
  const queryClient = useQueryClient();
  const isMobile = useIsMobile();
  const [modal, setModal] = useState<{ editing: T | null } | null>(null);
  const close = () => setModal(null);
  const removal = useMutation({
    mutationFn: remove,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: invalidate });
      notify.success(texts.deleted);
    },
    onError: (error) => notify.error(error.message || texts.deleteError),
  });
  const askDelete = (item: T) =>
    confirmDelete({
      title: texts.deleteTitle(item),
      body: texts.deleteBody(item),
      confirm: texts.delete,
      onConfirm: () => removal.mutate(item),
    });

  const addButton = (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setModal({ editing: null })}>
      {texts.add}
    </Button>
  );
  const actions = (item: T) => (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label={texts.edit} withArrow>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={texts.editNamed(item)}
          onClick={() => setModal({ editing: item })}
        >
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={texts.delete} withArrow>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={texts.deleteNamed(item)}
          onClick={() => askDelete(item)}
          loading={removal.isPending && removal.variables?.id === item.id}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
  /** A card's first line (phones): the item's name and its buttons. */
  const cardHeader = (item: T) => (
    <Group justify="space-between" wrap="nowrap">
      <Text fw={600}>{item.name}</Text>
      {actions(item)}
    </Group>
  );
  /** The table's head and body (wider screens): the name, the other columns, the buttons. */
  const table = (
    items: T[],
    { name, columns, actionsLabel }: { name: string; columns: CrudColumn<T>[]; actionsLabel: string },
  ) => (
    <>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{name}</Table.Th>
          {columns.map((column) => (
            <Table.Th key={column.header}>{column.header}</Table.Th>
          ))}
          <Table.Th>
            <VisuallyHidden>{actionsLabel}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={item.id}>
            <Table.Td fw={600}>{item.name}</Table.Td>
            {columns.map((column) => (
              <Table.Td key={column.header}>{column.cell(item)}</Table.Td>
            ))}
            <Table.Td>{actions(item)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </>
  );
  /** The add/edit modal; `render` gets the item edited (null: a new one) and how to close. */
  const renderModal = (render: (editing: T | null, close: () => void) => ReactNode) => (
    <Modal
      opened={modal !== null}
      onClose={close}
      title={modal?.editing ? texts.editTitle(modal.editing) : texts.newTitle}
      centered
      fullScreen={isMobile}
    >
      {modal ? render(modal.editing, close) : null}
    </Modal>
  );
  return { addButton, cardHeader, table, renderModal };
}

/**
 * The add/edit modal's form: saves (create or update), refreshes the lists it affects, says so and
 * closes; a refused save puts the server's messages on the fields and the rest in an alert.
 */
export function CrudModalForm<Body extends FieldValues>({
  form,
  fields,
  save,
  invalidate,
  texts,
  editing,
  onClose,
  children,
}: {
  form: UseFormReturn<Body, unknown, Body>;
  /** The fields a server error can be placed on. */
  fields: readonly Path<Body>[];
  save: (body: Body) => Promise<unknown>;
  invalidate: readonly QueryKey[];
  texts: { created: string; updated: string; saveError: string; add: string };
  editing: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  const queryClient = useQueryClient();
  const [alert, setAlert] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: async () => {
      await Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      notify.success(editing ? texts.updated : texts.created);
      onClose();
    },
    onError: (error) => {
      const message = applyServerErrors(error, form.setError, fields, texts.saveError);
      setAlert(message);
      notify.error(message ?? texts.saveError);
    },
  });
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((body) => {
        setAlert(null);
        mutation.mutate(body);
      })}
    >
      <Stack gap="md">
        {alert ? <FormAlert>{alert}</FormAlert> : null}
        {children}
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {editing ? t('actions.save') : texts.add}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
