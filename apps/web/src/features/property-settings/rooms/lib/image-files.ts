import {
  PROPERTY_IMAGE_MAX_BYTES,
  PROPERTY_IMAGE_MAX_FILES,
  propertyImageTypes,
  type RejectedImageReason,
} from '@posada/contracts/property-rooms';

/** What the file picker offers (spec 5: JPEG, PNG or GIF). */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/gif,.jpg,.jpeg,.png,.gif';

const EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif'];

/**
 * The browser's first check of a property image (the API checks the content again): its reported
 * type, or its extension when the browser reports none, and at most 30 MB.
 */
export function checkImageFile(file: {
  name: string;
  type: string;
  size: number;
}): RejectedImageReason | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const typeOk = file.type
    ? (propertyImageTypes as readonly string[]).includes(file.type)
    : EXTENSIONS.includes(extension);
  if (!typeOk) return 'type';
  if (file.size > PROPERTY_IMAGE_MAX_BYTES) return 'size';
  return null;
}

/** Splits chosen files into those worth sending and those refused here, with the reason. */
export function sortImageFiles<F extends { name: string; type: string; size: number }>(
  files: readonly F[],
): { accepted: F[]; rejected: { name: string; reason: RejectedImageReason }[] } {
  const accepted: F[] = [];
  const rejected: { name: string; reason: RejectedImageReason }[] = [];
  for (const file of files) {
    const reason = checkImageFile(file);
    if (reason) rejected.push({ name: file.name, reason });
    else accepted.push(file);
  }
  return { accepted, rejected };
}

/** Uploads go in batches the API accepts (PROPERTY_IMAGE_MAX_FILES per request). */
export function batches<T>(items: readonly T[], size = PROPERTY_IMAGE_MAX_FILES): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** 31457280 → "30 MB", 524288 → "512 KB". */
export function formatBytes(bytes: number, locale: string): string {
  const format = (value: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value);
  if (bytes >= 1024 * 1024) return `${format(bytes / (1024 * 1024))} MB`;
  return `${format(Math.max(1, Math.round(bytes / 1024)))} KB`;
}
