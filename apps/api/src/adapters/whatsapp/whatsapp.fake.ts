import { bearerOf, type FakeHttpServer, startFakeHttp } from '../fake-http.ts';
import invalidParameter from './fixtures/invalid-parameter.json' with { type: 'json' };
import sendText from './fixtures/send-text.json' with { type: 'json' };
import unauthorized from './fixtures/unauthorized.json' with { type: 'json' };

export interface FakeWhatsApp extends FakeHttpServer {
  /** The config that points the app at this fake: WHATSAPP_API_URL and friends. */
  env: { WHATSAPP_API_URL: string; WHATSAPP_PHONE_NUMBER_ID: string; WHATSAPP_TOKEN: string };
}

/**
 * A local WhatsApp Cloud API (tests and e2e only): POST /{version}/{phone number id}/messages with the
 * bearer token; answers the recorded fixtures (a wrong token gets Meta's 401, a body without `to` its
 * 400 "Invalid parameter").
 */
export async function startFakeWhatsApp(
  options: { phoneNumberId?: string; token?: string } = {},
): Promise<FakeWhatsApp> {
  const phoneNumberId = options.phoneNumberId ?? '1234567890';
  const token = options.token ?? 'fake-whatsapp-token';
  const server = await startFakeHttp((req) => {
    if (req.method !== 'POST' || !new RegExp(`/${phoneNumberId}/messages$`).test(req.url)) {
      return { status: 404, body: { error: { message: 'Unknown path', code: 803 } } };
    }
    if (bearerOf(req) !== token) return unauthorized.response;
    const body = req.body as { messaging_product?: string; to?: string } | null;
    if (body?.messaging_product !== 'whatsapp' || !body.to) return invalidParameter.response;
    return sendText.response;
  });
  return {
    ...server,
    env: {
      WHATSAPP_API_URL: `${server.base}/v21.0`,
      WHATSAPP_PHONE_NUMBER_ID: phoneNumberId,
      WHATSAPP_TOKEN: token,
    },
  };
}
