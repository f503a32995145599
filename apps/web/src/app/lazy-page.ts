import type { ComponentType } from 'react';

/** Lazily loaded screens keep the first load small (ARCHITECTURE §4 budgets). */
export const page =
  <M>(load: () => Promise<M>, pick: (m: M) => ComponentType) =>
  async () => ({
    Component: pick(await load()),
  });
