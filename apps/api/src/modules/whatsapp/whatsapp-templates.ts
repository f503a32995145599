// Meta's template and limit vocabulary as Posada stores and lists it.
import { type MessageTemplate, NEW_BUSINESS_DAILY_LIMIT } from '@posada/contracts/whatsapp';
import type { TemplateStatus } from '../../db/schema/messaging.ts';
import type { TemplateRow } from './whatsapp.repo.ts';
import type { WhatsAppTemplateState } from './whatsapp.types.ts';

/** Meta's messaging limit tier → business-initiated conversations a day. */
export function dailyLimitOfTier(tier: string | null | undefined): number {
  switch (tier) {
    case 'TIER_50':
      return 50;
    case 'TIER_250':
      return 250;
    case 'TIER_1K':
      return 1000;
    case 'TIER_10K':
      return 10_000;
    case 'TIER_100K':
      return 100_000;
    case 'TIER_UNLIMITED':
      return 1_000_000;
    default:
      return NEW_BUSINESS_DAILY_LIMIT;
  }
}

/** Meta's template status as stored: lowercased, any value (approved, pending, rejected, paused, disabled…). */
export const templateStatusOf = (status: string): TemplateStatus => status.trim().toLowerCase() || 'pending';

/**
 * The three states the templates list shows (contracts `templateStatuses`): approved; pending while Meta
 * reviews (pending, in_appeal, pending_deletion); rejected for everything that cannot be sent.
 */
export const listedStatusOf = (status: string): MessageTemplate['status'] => {
  const s = status.toLowerCase();
  if (s === 'approved') return 'approved';
  if (s === 'pending' || s === 'in_appeal' || s === 'pending_deletion') return 'pending';
  return 'rejected';
};

export const toTemplate = (row: TemplateRow): MessageTemplate => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  language: row.language,
  category: row.category,
  body: row.body,
  status: listedStatusOf(row.status),
  updated_at: row.updatedAt.toISOString(),
});

export const templateStateOf = (row: TemplateRow): WhatsAppTemplateState => ({
  name: row.name,
  language: row.language,
  status: row.status,
  category: row.category,
  parameterFormat: row.parameterFormat === 'NAMED' ? 'NAMED' : 'POSITIONAL',
  components: row.components ?? null,
  body: row.body,
});
