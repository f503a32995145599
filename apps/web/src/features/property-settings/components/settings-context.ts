import type { PropertySettings } from '@posada/contracts/property-settings';
import { useOutletContext } from 'react-router';

/** What the settings layout hands its pages once GET settings has answered. */
export interface SettingsContext {
  propertyId: string;
  settings: PropertySettings;
}

export function useSettingsContext(): SettingsContext {
  return useOutletContext<SettingsContext>();
}
