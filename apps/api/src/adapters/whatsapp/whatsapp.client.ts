import { adapterFetch } from '../http.ts';
import type { AdapterTracker } from '../status.ts';

/** WhatsApp Cloud API (Meta Graph): only what Posada sends, a verification code or a link. */
export interface WhatsAppClient {
  /** Resolves once the API accepted the message; throws AdapterError 'whatsapp.*' otherwise. */
  send(message: { to: string; text: string }): Promise<void>;
}

export interface WhatsAppClientOptions {
  /** WHATSAPP_API_URL, e.g. https://graph.facebook.com/v21.0 */
  apiUrl: string;
  phoneNumberId: string;
  token: string;
  /** WHATSAPP_TEMPLATE: an approved template whose single body parameter is the code. */
  template?: string;
  templateLanguage?: string;
  timeoutMs?: number;
  tracker?: AdapterTracker;
}

/** E.164 digits without '+', as the Cloud API takes `to`. */
const digitsOnly = (phone: string) => phone.replace(/\D/g, '');

/**
 * POST {apiUrl}/{phone number id}/messages with a bearer token. A text message (the guest has just
 * written to us or opened our link); with a template, the six-digit code of the text is its parameter.
 */
export function createWhatsAppClient(opts: WhatsAppClientOptions): WhatsAppClient {
  const url = `${opts.apiUrl.replace(/\/+$/, '')}/${encodeURIComponent(opts.phoneNumberId)}/messages`;
  const track = opts.tracker ? opts.tracker.track : <T>(call: () => Promise<T>) => call();
  return {
    send(message) {
      const base = {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: digitsOnly(message.to),
      };
      const code = /\b(\d{6})\b/.exec(message.text)?.[1] ?? '';
      const body = opts.template
        ? {
            ...base,
            type: 'template',
            template: {
              name: opts.template,
              language: { code: opts.templateLanguage ?? 'es' },
              components: [{ type: 'body', parameters: [{ type: 'text', text: code }] }],
            },
          }
        : { ...base, type: 'text', text: { preview_url: false, body: message.text } };
      return track(async () => {
        await adapterFetch('whatsapp', url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${opts.token}` },
          body: JSON.stringify(body),
          timeoutMs: opts.timeoutMs ?? 10_000,
        });
      });
    },
  };
}
