import {
  type PropertySettings,
  type SettingsSection,
  settingsSectionGate,
} from '@posada/contracts/property-settings';
import type { GatedFeature } from '@posada/domain/feature-gates';
import type { SettingsPageKey } from './settings-menu.ts';

/** The API's code when a gated section is saved without the feature (spec 6). */
export const FEATURE_UNAVAILABLE_CODE = 'settings.feature_unavailable';

/** The gated feature a section needs, if any. */
export function sectionGate(section: SettingsPageKey): GatedFeature | null {
  return settingsSectionGate[section as SettingsSection] ?? null;
}

/**
 * Whether the page must show 'Service not available in your current subscription' with its controls
 * disabled: the section is gated and the account's subscription does not include it (a missing entry
 * counts as not included), or the API already refused a save with the feature-unavailable code.
 */
export function isSectionLocked(
  section: SettingsPageKey,
  features: PropertySettings['features'],
  refusedByApi = false,
): boolean {
  if (refusedByApi) return true;
  const gate = sectionGate(section);
  return gate !== null && features[gate] !== true;
}
