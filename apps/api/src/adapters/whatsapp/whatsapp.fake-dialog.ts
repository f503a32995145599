import type { FakeWhatsAppStore } from './whatsapp.fake-store.ts';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * The OAuth dialog of Embedded Signup in the fake Cloud API (whatsapp.fake.ts): GET shows it, POST (the
 * button) creates a new business and redirects to redirect_uri with a code and the state.
 */
export function dialogPage(
  store: FakeWhatsAppStore,
  app: { appId: string; configId: string },
  method: string,
  url: URL,
  raw: Buffer,
): { status: number; html?: string; location?: string } {
  const { appId, configId } = app;
  const params = method === 'POST' ? new URLSearchParams(raw.toString('utf8')) : url.searchParams;
  const redirectUri = params.get('redirect_uri') ?? '';
  const state = params.get('state') ?? '';
  if (
    params.get('client_id') !== appId ||
    params.get('config_id') !== configId ||
    !/^https?:\/\//.test(redirectUri)
  ) {
    return {
      status: 400,
      html: '<!doctype html><title>Error</title><h1>Invalid app ID, configuration or redirect URI</h1>',
    };
  }
  if (method === 'POST') {
    if (params.get('action') === 'cancel') {
      const back = new URL(redirectUri);
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('state', state);
      return { status: 303, location: back.toString() };
    }
    const { code } = store.signup({ verifiedName: params.get('verified_name') || undefined });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', state);
    return { status: 303, location: back.toString() };
  }
  const hidden = ['client_id', 'config_id', 'redirect_uri', 'state']
    .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(params.get(k) ?? '')}">`)
    .join('');
  return {
    status: 200,
    html: `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>WhatsApp Business (fake)</title></head>
<body><main><h1>Conectar WhatsApp Business</h1><p>Posada quiere gestionar tu cuenta de WhatsApp Business.</p>
<form method="post">${hidden}<label>Nombre verificado <input name="verified_name" value="Casa Rural La Fuente"></label>
<button type="submit" name="action" value="continue">Continuar</button>
<button type="submit" name="action" value="cancel">Cancelar</button></form></main></body></html>`,
  };
}
