import { useMediaQuery } from '@mantine/hooks';
import { MOBILE_QUERY } from '../config/theme.ts';

/** Under 768 px (spec 9). Read synchronously so the first render already has the right menu. */
export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY, undefined, { getInitialValueInEffect: false }) ?? false;
}
