import type { TFunction } from 'i18next';
import type { CrudListTexts } from '../../../../components/crud-list.tsx';

/** The list-with-modal texts of a rooms settings list, from its keys under `rooms:<section>.*`. */
export function roomsCrudTexts<T extends { name: string }>(
  t: TFunction<['rooms', ...string[]]>,
  section: 'rates' | 'roomTypes',
  deleteBody: (item: T) => string,
): CrudListTexts<T> {
  return {
    add: t(`${section}.add`),
    edit: t(`${section}.edit`),
    delete: t(`${section}.delete`),
    editNamed: (item) => t(`${section}.editNamed`, { name: item.name }),
    deleteNamed: (item) => t(`${section}.deleteNamed`, { name: item.name }),
    newTitle: t(`${section}.newTitle`),
    editTitle: (item) => t(`${section}.editTitle`, { name: item.name }),
    deleteTitle: (item) => t(`${section}.deleteTitle`, { name: item.name }),
    deleteBody,
    deleted: t(`${section}.deleted`),
    deleteError: t(`${section}.deleteError`),
  };
}
