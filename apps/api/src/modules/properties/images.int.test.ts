import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

type Part = { name: string; bytes: Buffer; type: string };

function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----posada${Math.random().toString(16).slice(2)}`;
  const chunks = parts.flatMap((p) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${p.name}"\r\nContent-Type: ${p.type}\r\n\r\n`,
    ),
    p.bytes,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('property images: several at once, checked by content and size, thumbnails, main image', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let dataDir: string;
  let base: string;
  let png: Buffer;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'posada-images-'));
    t = await buildTestApp({ env: { DATA_DIR: dataDir } });
    const owner = await createEmpresa(t, { properties: [{ nombre: 'Villa Sol', tipoPropiedad: 'villa' }] });
    token = await loginToken(t, owner.email);
    const other = await createEmpresa(t, { properties: [{ nombre: 'Casa Ajena' }] });
    otherToken = await loginToken(t, other.email);
    base = `/api/properties/${owner.propertyIds[0]}`;
    png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const upload = (parts: Part[], as = token, lang = 'es') => {
    const { payload, headers } = multipart(parts);
    return t.app.inject({
      method: 'POST',
      url: `${base}/images`,
      headers: { ...headers, ...bearer(as), 'accept-language': lang },
      payload,
    });
  };
  const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, as = token) =>
    t.app.inject({ method, url, headers: bearer(as) });
  const stored = () => readdir(path.join(dataDir, 'files')).catch(() => [] as string[]);

  it('stores a real PNG with a smaller thumbnail, lists the invalid files with the reason', async () => {
    const fakeJpg = Buffer.from('this is only text, not a photo');
    const big = Buffer.alloc(30 * 1024 * 1024 + 1);
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(big);
    const res = await upload([
      { name: 'salon.png', bytes: png, type: 'image/png' },
      { name: 'foto.jpg', bytes: fakeJpg, type: 'image/jpeg' },
      { name: 'enorme.jpg', bytes: big, type: 'image/jpeg' },
    ]);
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data.uploaded).toHaveLength(1);
    expect(data.uploaded[0]).toMatchObject({
      is_main: true,
      position: 0,
      size: png.length,
      type: 'image/png',
    });
    expect(data.rejected).toEqual([
      { name: 'foto.jpg', reason: 'type', message: 'Solo se admiten imágenes JPEG, PNG o GIF.' },
      { name: 'enorme.jpg', reason: 'size', message: 'La imagen no puede superar los 30 MB.' },
    ]);
    const { url, thumb_url } = data.uploaded[0];
    expect(thumb_url).not.toBe(url);
    const full = await t.app.inject({ method: 'GET', url });
    expect(full.rawPayload.equals(png)).toBe(true);
    const thumb = await t.app.inject({ method: 'GET', url: thumb_url });
    expect(thumb.headers['content-type']).toBe('image/png');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(480);
    expect(await stored()).toHaveLength(2);
  }, 30_000);

  it('answers 422 with every reason when nothing is valid, translated, and stores nothing', async () => {
    const before = await stored();
    const res = await upload(
      [{ name: 'virus.gif', bytes: Buffer.from('MZ....'), type: 'image/gif' }],
      token,
      'en',
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      ok: false,
      code: 'images.all_rejected',
      message: 'Error uploading images',
      data: { uploaded: [], rejected: [{ name: 'virus.gif', reason: 'type' }] },
    });
    expect(await stored()).toEqual(before);
    const none = await t.app.inject({
      method: 'POST',
      url: `${base}/images`,
      headers: bearer(token),
      payload: {},
    });
    expect(none.statusCode).toBe(400);
  });

  it('appends more images, switches the main one, and deleting the main promotes the next', async () => {
    const gif = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#f00' } })
      .gif()
      .toBuffer();
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#00f' } })
      .jpeg()
      .toBuffer();
    const res = await upload([
      { name: 'a.gif', bytes: gif, type: 'image/gif' },
      { name: 'b.jpg', bytes: jpeg, type: 'image/jpeg' },
    ]);
    expect(res.statusCode).toBe(201);
    const items = res.json().data.items;
    expect(items.map((i: { position: number; is_main: boolean }) => [i.position, i.is_main])).toEqual([
      [0, true],
      [1, false],
      [2, false],
    ]);
    const [first, second, third] = items;
    const main = await call('PUT', `${base}/images/${second.id}/main`);
    expect(main.statusCode).toBe(200);
    expect(
      main
        .json()
        .data.items.filter((i: { is_main: boolean }) => i.is_main)
        .map((i: { id: string }) => i.id),
    ).toEqual([second.id]);
    const del = await call('DELETE', `${base}/images/${second.id}`);
    expect(del.statusCode).toBe(200);
    const left = (await call('GET', `${base}/images`)).json().data.items;
    expect(left.map((i: { id: string; is_main: boolean }) => [i.id, i.is_main])).toEqual([
      [first.id, false],
      [third.id, true],
    ]);
    const names = await stored();
    expect(names).not.toContain(second.url.split('/').pop());
    expect(names).not.toContain(second.thumb_url.split('/').pop());
    expect((await call('DELETE', `${base}/images/${second.id}`)).statusCode).toBe(404);
  }, 30_000);

  it("answers 404 for another account's property on every endpoint, and 401 to anonymous callers", async () => {
    const [image] = (await call('GET', `${base}/images`)).json().data.items;
    const before = await stored();
    const up = await upload([{ name: 'x.png', bytes: png, type: 'image/png' }], otherToken);
    expect(up.statusCode).toBe(404);
    expect(up.json().code).toBe('properties.not_found');
    for (const [method, url] of [
      ['GET', `${base}/images`],
      ['PUT', `${base}/images/${image.id}/main`],
      ['DELETE', `${base}/images/${image.id}`],
    ] as const) {
      expect((await call(method, url, otherToken)).statusCode, `${method} ${url}`).toBe(404);
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
    const { payload, headers } = multipart([{ name: 'x.png', bytes: png, type: 'image/png' }]);
    expect((await t.app.inject({ method: 'POST', url: `${base}/images`, headers, payload })).statusCode).toBe(
      401,
    );
    expect(await stored()).toEqual(before);
    expect((await call('GET', `${base}/images`)).json().data.items[0]).toEqual(image);
  });
});
