import { adapterFetch } from '../http.ts';
import type { AdapterTracker } from '../status.ts';

/** A generic SMS gateway: POST SMS_API_URL with JSON { to, text } and a bearer SMS_API_KEY. */
export interface SmsClient {
  /** Resolves once the gateway accepted the message; throws AdapterError 'sms.*' otherwise. */
  send(message: { to: string; text: string }): Promise<void>;
}

export function createSmsClient(opts: {
  apiUrl: string;
  apiKey: string;
  timeoutMs?: number;
  tracker?: AdapterTracker;
}): SmsClient {
  const track = opts.tracker ? opts.tracker.track : <T>(call: () => Promise<T>) => call();
  return {
    send(message) {
      return track(async () => {
        await adapterFetch('sms', opts.apiUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${opts.apiKey}` },
          body: JSON.stringify({ to: message.to, text: message.text }),
          timeoutMs: opts.timeoutMs ?? 10_000,
        });
      });
    },
  };
}
