import { pathTo } from '../../../config/routes.ts';

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const SLUG = new RegExp(`^accommodation-(all|${UUID})-manager-user-(${UUID})-information$`);

/** spec 2.2 accommodation-{accommodation_id}-manager-user-{user_id}-information ('all': every property). */
export function informationSlug(accommodationId: string | null, userId: string): string {
  return `accommodation-${accommodationId ?? 'all'}-manager-user-${userId}-information`;
}

export function parseInformationSlug(
  slug: string | undefined,
): { accommodationId: string | null; userId: string } | null {
  const match = slug ? SLUG.exec(slug) : null;
  if (!match?.[1] || !match[2]) return null;
  return { accommodationId: match[1] === 'all' ? null : match[1], userId: match[2] };
}

/** The information page's tab: completed (retrive-checkins) or pending (retrive-checkins-pending) check-ins. */
export function informationPath(accommodationId: string | null, userId: string, pending = false): string {
  const information = informationSlug(accommodationId, userId);
  return pending
    ? pathTo('adminUserCheckinsPending', { information })
    : pathTo('adminUserCheckins', { information });
}
