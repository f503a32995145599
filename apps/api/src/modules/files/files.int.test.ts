import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

/** A real 1×1 PNG. */
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** tinyPng grown to exactly `size` bytes by a private ancillary chunk before IEND: still a valid PNG. */
function pngOfSize(size: number): Buffer {
  const iend = tinyPng.subarray(tinyPng.length - 12);
  const type = Buffer.from('ruBy');
  const data = Buffer.alloc(size - tinyPng.length - 12);
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, data])));
  return Buffer.concat([tinyPng.subarray(0, tinyPng.length - 12), head, type, data, crc, iend]);
}

function multipartFile(
  bytes: Buffer,
  filename: string,
  contentType: string,
  field = 'file',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----posada${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('files: logo upload checked by content, served publicly', () => {
  let t: TestApp;
  let token: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'posada-files-'));
    t = await buildTestApp({ env: { DATA_DIR: dataDir } });
    const owner = await createEmpresa(t);
    token = await loginToken(t, owner.email);
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const upload = (bytes: Buffer, filename: string, contentType: string, lang = 'es', field = 'file') => {
    const { payload, headers } = multipartFile(bytes, filename, contentType, field);
    return t.app.inject({
      method: 'POST',
      url: '/api/properties/logo',
      headers: { ...headers, ...bearer(token), 'accept-language': lang },
      payload,
    });
  };

  it('accepts a real PNG, stores it under a random name and serves it back with cache headers', async () => {
    const res = await upload(tinyPng, 'mi logo.png', 'image/png');

    expect(res.statusCode).toBe(201);
    const url = res.json().data.url as string;
    expect(url).toMatch(/^\/api\/files\/[A-Za-z0-9_-]{22}\.png$/);
    expect(await readdir(path.join(dataDir, 'files'))).toContain(url.split('/').pop());

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(tinyPng)).toBe(true);
  });

  it('judges by the bytes, not the name or declared type', async () => {
    const png = await upload(tinyPng, 'logo.svg', 'image/svg+xml');
    expect(png.statusCode).toBe(201);
    expect(png.json().data.url).toMatch(/\.png$/);
    const served = await t.app.inject({ method: 'GET', url: png.json().data.url });
    expect(served.headers['content-type']).toBe('image/png');

    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(200)]);
    const refused = await upload(exe, 'logo.png', 'image/png');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'files.logo_type',
      message: 'El logo debe ser una imagen PNG, JPG o SVG.',
      errors: { file: ['El logo debe ser una imagen PNG, JPG o SVG.'] },
    });
    const gif = await upload(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), 'logo.gif', 'image/gif', 'en');
    expect(gif.statusCode).toBe(422);
    expect(gif.json().message).toBe('The logo must be a PNG, JPG or SVG image.');
  });

  it('accepts a real JPEG, and keeps an SVG as the PNG it draws', async () => {
    const jpeg = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#c0392b' } })
      .jpeg()
      .toBuffer();
    expect((await upload(jpeg, 'logo.jpg', 'image/jpeg')).json().data.url).toMatch(/\.jpg$/);

    const svg = Buffer.from(
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><rect width="20" height="10" fill="#0a0"/></svg>',
    );
    const res = await upload(svg, 'logo.svg', 'image/svg+xml');
    expect(res.statusCode).toBe(201);
    expect(res.json().data.url).toMatch(/\.png$/);
    const served = await t.app.inject({ method: 'GET', url: res.json().data.url });
    expect(served.headers['content-type']).toBe('image/png');
    const { width, height, format } = await sharp(served.rawPayload).metadata();
    expect({ width, height, format }).toEqual({ width: 512, height: 256, format: 'png' });
    const { dominant } = await sharp(served.rawPayload).stats();
    expect(dominant.g).toBeGreaterThan(dominant.r);
  });

  it.each([
    ['a script', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['an event handler', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'],
    ['a javascript: link', '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"/></svg>'],
    [
      'an outside image',
      '<svg xmlns="http://www.w3.org/2000/svg"><image href="http://127.0.0.1:9/x.png"/></svg>',
    ],
    [
      'a local file reference',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="file:///etc/passwd"/></svg>',
    ],
    [
      'foreign HTML',
      '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><body>x</body></foreignObject></svg>',
    ],
    [
      'an outside stylesheet',
      '<svg xmlns="http://www.w3.org/2000/svg"><style>@import url(//evil.example/a.css);</style></svg>',
    ],
    [
      'an outside CSS url()',
      '<svg xmlns="http://www.w3.org/2000/svg"><rect style="fill:url(https://evil.example/p)"/></svg>',
    ],
    [
      'an entity bomb',
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;">]><svg>&b;</svg>',
    ],
  ])('refuses an SVG with %s, saying why, and keeps nothing', async (_what, text) => {
    const before = await readdir(path.join(dataDir, 'files'));
    const res = await upload(Buffer.from(text), 'logo.svg', 'image/svg+xml', 'en');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'files.svg_unsafe',
      message:
        'The SVG contains scripts, event handlers or references to other files or sites. Export it again without them, or upload a PNG.',
    });
    expect(await readdir(path.join(dataDir, 'files'))).toEqual(before);
  });

  it('refuses truncated images and polyglots (bytes after the image) as damaged', async () => {
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2980b9' } })
      .jpeg()
      .toBuffer();
    const zip = Buffer.from('PK\x03\x04\x14\x00\x00\x00\x08\x00', 'latin1');
    const before = await readdir(path.join(dataDir, 'files'));
    for (const [what, bytes, name] of [
      ['truncated PNG', tinyPng.subarray(0, tinyPng.length - 20), 'logo.png'],
      ['truncated JPEG', photo.subarray(0, Math.floor(photo.length * 0.6)), 'logo.jpg'],
      [
        'PNG + HTML',
        Buffer.concat([tinyPng, Buffer.from('<html><script>alert(1)</script></html>')]),
        'logo.png',
      ],
      ['JPEG + ZIP', Buffer.concat([photo, zip]), 'logo.jpg'],
      [
        'JPEG header on garbage',
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64), Buffer.from([0xff, 0xd9])]),
        'logo.jpg',
      ],
      [
        'unclosed SVG',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect'),
        'logo.svg',
      ],
    ] as const) {
      const res = await upload(bytes, name, 'image/png', 'ar');
      expect(res.statusCode, what).toBe(422);
      expect(res.json(), what).toMatchObject({
        code: 'files.damaged',
        message: 'الملف تالف أو ليس الصورة التي يدّعي أنه هي. صدّره مرة أخرى ثم ارفعه من جديد.',
      });
    }
    expect(await readdir(path.join(dataDir, 'files'))).toEqual(before);
  });

  it('refuses a logo over 5 MB with the translated message, and keeps nothing', async () => {
    const before = await readdir(path.join(dataDir, 'files'));
    const big = pngOfSize(5 * 1024 * 1024 + 1);
    const res = await upload(big, 'logo.png', 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'files.logo_too_large',
      message: 'El logo no puede superar los 5 MB.',
    });
    expect(await readdir(path.join(dataDir, 'files'))).toEqual(before);

    const exact = pngOfSize(5 * 1024 * 1024);
    expect((await upload(exact, 'logo.png', 'image/png')).statusCode).toBe(201);
  });

  it('asks for a file when the request has none', async () => {
    const res = await upload(tinyPng, 'logo.png', 'image/png', 'es', 'other');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('files.missing');
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/properties/logo',
      headers: bearer(token),
      payload: {},
    });
    expect(json.statusCode).toBe(400);
  });

  it('refuses anonymous uploads', async () => {
    const { payload, headers } = multipartFile(tinyPng, 'logo.png', 'image/png');
    const res = await t.app.inject({ method: 'POST', url: '/api/properties/logo', headers, payload });
    expect(res.statusCode).toBe(401);
  });

  it('serves nothing outside the stored names (no path traversal)', async () => {
    for (const url of [
      '/api/files/..%2F..%2Fpackage.json',
      '/api/files/%2E%2E%2Fpglite',
      '/api/files/..',
      '/api/files/AAAAAAAAAAAAAAAAAAAAAA.png',
      '/api/files/AAAAAAAAAAAAAAAAAAAAAA.txt',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
