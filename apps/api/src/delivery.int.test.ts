import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createEmpresa, loginToken } from './test/auth-helpers.ts';
import { buildTestApp, type TestApp } from './test/test-app.ts';

// A built web app as apps/web's build writes it: each compressible file with its .br and .gz beside it.
const script = `export const rooms = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `habitación ${i}`))};\n`;
const html =
  '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head></html>\n';
const bookHtml =
  '<!doctype html><html><head><script type="module" src="/assets/book.js"></script></head></html>\n';

describe('delivery: precompressed assets and compressed JSON', () => {
  let t: TestApp;
  let dist: string;
  let token: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'posada-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    for (const [name, text] of [
      ['index.html', html],
      ['book.html', bookHtml],
      ['assets/app.js', script],
    ] as const) {
      const file = path.join(dist, name);
      writeFileSync(file, text);
      writeFileSync(`${file}.br`, brotliCompressSync(text));
      writeFileSync(`${file}.gz`, gzipSync(text));
    }
    // Model weights: binary, no precompressed copy, not worth compressing per request.
    writeFileSync(path.join(dist, 'assets/model.bin'), Buffer.alloc(4096, 7));
    t = await buildTestApp({ env: { SERVE_WEB: 'true', WEB_DIST: dist } });
    const owner = await createEmpresa(t, {
      properties: Array.from({ length: 30 }, (_, i) => ({ nombre: `Apartamento Triana ${i + 1}` })),
    });
    token = await loginToken(t, owner.email);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { ...headers, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    });

  it('sends the brotli file to a browser that takes br, gzip to one that takes only gzip, identity otherwise', async () => {
    const br = await get('/assets/app.js', 'br, gzip');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(script));
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gzip = await get('/assets/app.js', 'gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const identity = await get('/assets/app.js');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toMatch(/accept-encoding/i);
    expect(identity.body).toBe(script);

    const binary = await get('/assets/model.bin', 'br, gzip');
    expect(binary.statusCode).toBe(200);
    expect(binary.headers['content-encoding']).toBeUndefined();
    expect(binary.rawPayload.length).toBe(4096);
  });

  it('lets a browser keep a hashed build file for a year, asks again for the shell, and 404s a missing file', async () => {
    const asset = await get('/assets/app.js', 'br, gzip');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const shell = await get('/reservas', 'br, gzip');
    expect(shell.headers['cache-control']).not.toMatch(/immutable/);
    const missing = await get('/assets/chunk-of-an-older-deploy.js', 'br, gzip');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).not.toMatch(/html/);
    expect(missing.headers['cache-control'] ?? '').not.toMatch(/immutable/);
  });

  it('sends the HTML precompressed too, for the app shell and for a client-side route', async () => {
    for (const url of ['/', '/reservas']) {
      const res = await get(url, 'gzip, deflate, br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(html);
    }
  });

  it('sends the direct-booking website its own light page (book.html) for /book/ paths', async () => {
    for (const url of [
      '/book/alojamientos-delgado',
      '/book/alojamientos-delgado/0b1e5c1e-8a53-4a43-9a54-9b2f3f1d2a11',
    ]) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(bookHtml);
    }
    // The site's API paths stay JSON.
    const api = await get('/api/public/book/no-existe');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ ok: false });
  });

  it('lets any site frame the booking website (the widget snippet), and no site frame the app', async () => {
    const site = await get('/book/casa-rural');
    expect(site.statusCode).toBe(200);
    expect(site.headers['x-frame-options']).toBeUndefined();
    expect(String(site.headers['content-security-policy'])).toContain('frame-ancestors *');
    const app = await get('/business/dashboard');
    expect(app.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(String(app.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
  });

  it('compresses a JSON answer over 1 KB and leaves a small one as it is', async () => {
    const list = await get('/api/properties', 'br, gzip', bearer(token));
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('br');
    expect(list.headers.vary).toMatch(/accept-encoding/i);
    const json = JSON.parse(brotliDecompressSync(list.rawPayload).toString());
    expect(json.ok).toBe(true);
    expect(JSON.stringify(json).length).toBeGreaterThan(1024);
    expect(list.rawPayload.length).toBeLessThan(JSON.stringify(json).length);

    const gzipOnly = await get('/api/properties', 'gzip', bearer(token));
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipOnly.rawPayload).toString())).toEqual(json);

    const small = await get('/api/health', 'br, gzip');
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().ok).toBe(true);

    const plain = await get('/api/properties', undefined, bearer(token));
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(json);
  });
});
