import { createHmac } from 'node:crypto';
import { sameSecret } from '../../lib/constant-time.ts';

/**
 * Meta's webhook signature (whatsapp-cloud-api.md §1): `X-Hub-Signature-256: sha256=<hex>` where hex is
 * HMAC-SHA256 of the RAW body bytes keyed with the App Secret (WHATSAPP_APP_SECRET).
 */
export function signWhatsAppBody(appSecret: string, rawBody: string | Uint8Array): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/** True when `header` is the signature of `rawBody`: constant-time compare after a length check. */
export function verifyWhatsAppSignature(
  appSecret: string,
  rawBody: string | Uint8Array,
  header: string | null | undefined,
): boolean {
  if (!header) return false;
  return sameSecret(header.trim(), signWhatsAppBody(appSecret, rawBody));
}
