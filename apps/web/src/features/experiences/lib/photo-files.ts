import { SERVICE_PHOTOS_MAX } from '@posada/domain/experiences';

/** What the file picker offers (spec 5: JPEG, PNG or GIF). */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/gif,.jpg,.jpeg,.png,.gif';
/** spec 5: a photo is at most 30 MB (the API checks the content again). */
export const PHOTO_MAX_BYTES = 30 * 1024 * 1024;
const TYPES = ['image/jpeg', 'image/png', 'image/gif'];
const EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif'];

export type PhotoRefusal = 'type' | 'size' | 'count';

/**
 * The browser's first check of the photos chosen: JPEG, PNG or GIF (by type, or by extension when the
 * browser reports none), at most 30 MB, and no more than the room left of the 3 a service may have.
 */
export function sortPhotoFiles<F extends { name: string; type: string; size: number }>(
  files: readonly F[],
  room: number,
): { accepted: F[]; refused: { name: string; reason: PhotoRefusal }[] } {
  const accepted: F[] = [];
  const refused: { name: string; reason: PhotoRefusal }[] = [];
  for (const file of files) {
    const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
    const typeOk = file.type ? TYPES.includes(file.type) : EXTENSIONS.includes(extension);
    if (!typeOk) refused.push({ name: file.name, reason: 'type' });
    else if (file.size > PHOTO_MAX_BYTES) refused.push({ name: file.name, reason: 'size' });
    else if (accepted.length >= Math.max(0, room)) refused.push({ name: file.name, reason: 'count' });
    else accepted.push(file);
  }
  return { accepted, refused };
}

export { SERVICE_PHOTOS_MAX };
