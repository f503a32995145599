/**
 * The errors of the fake Cloud API (whatsapp.fake.ts) as Meta words them (whatsapp-cloud-api.md §4): the
 * synchronous Graph envelope (FakeGraphError) and the error objects of `failed` status webhooks.
 */

const HREF = 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/';

/** A synchronous Graph API error: `{"error":{message, type, code, error_data:{messaging_product, details}, fbtrace_id}}`. */
export class FakeGraphError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly details?: string,
    readonly subcode?: number,
  ) {
    super(message);
  }
  body() {
    return {
      error: {
        message: this.message,
        type: 'OAuthException',
        code: this.code,
        ...(this.subcode ? { error_subcode: this.subcode } : {}),
        ...(this.details ? { error_data: { messaging_product: 'whatsapp', details: this.details } } : {}),
        fbtrace_id: 'AFakeTrace',
      },
    };
  }
}

export const badToken = () =>
  new FakeGraphError(401, 190, 'Invalid OAuth access token - Cannot parse access token');

export const noObject = (id: string) =>
  new FakeGraphError(
    400,
    100,
    `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
  );

/** 131008: a required field is absent. */
export const missingParam = (details: string) =>
  new FakeGraphError(400, 131008, '(#131008) Required parameter is missing', details);

/** 100: a field Meta cannot take (wrong value, too long). */
export const invalidParam = (message: string, details?: string) =>
  new FakeGraphError(400, 100, `(#100) ${message}`, details ?? message);

/** 132000: the parameters do not fit the template (count, names, forbidden characters). */
export const templateParams = (
  details: string,
  message = 'Number of parameters does not match the expected number of params',
) => new FakeGraphError(400, 132000, `(#132000) ${message}`, details);

/** The `errors[0]` of a failed status (§4.2, §5.1): `message` equals `title`. */
export interface StatusError {
  code: number;
  title: string;
  message: string;
  error_data: { details: string };
  href?: string;
}

/** The error objects the fake's failed statuses carry, per code (titles and details from §5.1). */
export function statusError(code: number, details?: string): StatusError {
  const known: Record<number, [string, string]> = {
    131047: [
      'Re-engagement message',
      'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
    ],
    131026: ['Message undeliverable', 'Message Undeliverable.'],
    131049: [
      'This message was not delivered to maintain healthy ecosystem engagement.',
      'In order to maintain a healthy ecosystem engagement, the message failed to be delivered.',
    ],
    131050: [
      'Unable to deliver the message. This recipient has chosen to stop receiving marketing messages on WhatsApp from your business.',
      'The recipient has stopped marketing messages from your business.',
    ],
    130472: [
      "User's number is part of an experiment",
      "Failed to send message because this user's phone number is part of an experiment",
    ],
    131053: ['Media upload error', 'Downloading media from the link failed: the server did not answer 200.'],
    130429: [
      'Rate limit hit',
      'Message failed to send because there were too many messages sent from this phone number in a short period of time',
    ],
  };
  const [title, text] = known[code] ?? ['Message failed to send', 'Message failed to send.'];
  return { code, title, message: title, error_data: { details: details ?? text }, href: HREF };
}
