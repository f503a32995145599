import type { SealedColumn } from './lib/reseal-secrets.ts';
import { authSealedColumns } from './modules/auth/auth.module.ts';
import { channelsSealedColumns } from './modules/channels/channels.service.ts';
import { checkinsSealedColumns } from './modules/checkins/checkins.service.ts';
import { propertiesSealedColumns } from './modules/properties/property-settings.service.ts';
import { smartLocksSealedColumns } from './modules/smart-locks/smart-locks.service.ts';

/**
 * Every sealed column, each listed by the module that owns its table (the key-rotation port,
 * lib/reseal-secrets.ts): `npm run secrets:reseal` re-seals them and the start-up check opens one of each.
 */
export const SEALED_COLUMNS: readonly SealedColumn[] = [
  ...checkinsSealedColumns,
  ...propertiesSealedColumns,
  ...smartLocksSealedColumns,
  ...authSealedColumns,
  ...channelsSealedColumns,
];
