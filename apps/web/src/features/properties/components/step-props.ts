import type { PropertyDraft } from '../lib/draft.ts';

/** What every wizard step receives: the draft, a way to change it, and the messages to show by field. */
export interface StepProps {
  draft: PropertyDraft;
  update: (patch: Partial<PropertyDraft> | ((draft: PropertyDraft) => PropertyDraft)) => void;
  errors: Record<string, string>;
}
