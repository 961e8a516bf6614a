/**
 * Compression and caching of what the server sends ("Nothing is compressed"):
 * - the built front end is served from its precompressed `.br` / `.gz` files (`@fastify/static`
 *   `preCompressed`), chosen by `Accept-Encoding`, with `Vary: Accept-Encoding`, and as is when neither
 *   is accepted;
 * - hashed assets (`/assets/*`) are cacheable for a year (`immutable`); `index.html` (every page route)
 *   is `no-cache` (revalidated, never forbidden) and still sets the `XSRF-TOKEN` cookie;
 * - JSON answers of 1 kB and more are compressed on the fly (`@fastify/compress`), smaller ones are not,
 *   and `/api` answers stay `no-store` in the error shape;
 * - avatars (WebP) are sent as they are.
 *
 * The front end here is a small fake `web/dist` written in a temporary folder (the real one may not be
 * built when the API tests run), its `.br` / `.gz` siblings made with node:zlib like the build does.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipart, type TestApp } from '../helpers/app';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const ASSET = '/assets/app-Ab12Cd34.js';
const ASSET_BODY = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{"id":${i},"label":"ligne ${i}"}`).join(',')}];\n`;
const INDEX_BODY = `<!doctype html><html lang="fr"><head><meta charset="UTF-8"><title>Vigie</title>${'<!-- padding -->'.repeat(80)}</head><body><div id="root"></div><script type="module" src="${ASSET}"></script></body></html>\n`;

let t: TestApp;
let dist: string;

/** Writes `file` under the fake dist with its brotli and gzip siblings. */
function writeWithSiblings(relative: string, body: string): void {
  const file = path.join(dist, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, body);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body));
}

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-dist-'));
  writeWithSiblings('index.html', INDEX_BODY);
  writeWithSiblings(ASSET.slice(1), ASSET_BODY);
  fs.writeFileSync(path.join(dist, 'assets', 'tiny-Zz99.js'), 'export {};\n');
  writeWithSiblings('favicon.svg', `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(300)}</svg>`);
  t = await createTestApp({}, { webDist: dist });
});
afterAll(async () => {
  await t?.close();
  if (dist) fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const varyOf = (res: { headers: Record<string, unknown> }) => String(res.headers.vary ?? '').toLowerCase();

describe('hashed assets: precompressed files, cached for a year', () => {
  it('sends the brotli file when br is accepted', async () => {
    const res = await get(ASSET, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers['content-type'])).toMatch(/javascript/);
    expect(varyOf(res)).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(ASSET_BODY);
  });

  it('sends the gzip file when only gzip is accepted', async () => {
    const res = await get(ASSET, { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(varyOf(res)).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(ASSET_BODY);
  });

  it('sends the file as is when no compression is accepted', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Array<Record<string, string>>) {
      const res = await get(ASSET, headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(varyOf(res)).toContain('accept-encoding');
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(res.body).toBe(ASSET_BODY);
    }
  });

  it('serves a hashed file written after start-up (a build made while the server runs)', async () => {
    writeWithSiblings('assets/later-Ee55.js', ASSET_BODY);
    const res = await get('/assets/later-Ee55.js', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    const tiny = await get('/assets/tiny-Zz99.js');
    expect(tiny.statusCode).toBe(200);
    expect(tiny.body).toBe('export {};\n');
  });

  it('serves the files at the root of the build (icons) compressed too, not immutable', async () => {
    const res = await get('/favicon.svg', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).not.toMatch(/immutable/);
  });

  it('a missing asset is a 404 in the error shape, never the page', async () => {
    const res = await get('/assets/missing-0000.js', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Ressource introuvable.' });
  });
});

describe('index.html on every page route: no-cache, compressed, XSRF cookie', () => {
  it('serves the precompressed page, revalidated (no-cache), with the XSRF-TOKEN cookie', async () => {
    const res = await get('/messages', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(varyOf(res)).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX_BODY);
    expect(res.cookies.map((c) => c.name)).toContain('XSRF-TOKEN');
  });

  it('serves it as is without Accept-Encoding, and for nested routes and query strings', async () => {
    for (const url of ['/login', '/admins/3/edit', '/messages?page=2']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(INDEX_BODY);
      expect(res.cookies.map((c) => c.name), url).toContain('XSRF-TOKEN');
    }
  });

  it('is revalidated: the same page again with its ETag answers 304, cookie still set', async () => {
    const first = await get('/customers', { 'accept-encoding': 'br' });
    expect(first.headers.etag).toBeTruthy();
    const again = await get('/customers', { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['cache-control']).toBe('no-cache');
    expect(again.cookies.map((c) => c.name)).toContain('XSRF-TOKEN');
  });

  it('keeps the cookie of a client that already has a valid one', async () => {
    const first = await get('/home');
    const token = first.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
    const again = await get('/home', { cookie: `XSRF-TOKEN=${token}`, 'accept-encoding': 'gzip' });
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(again.rawPayload).toString()).toBe(INDEX_BODY);
    expect(again.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value).toBe(token);
  });
});

describe('API answers: JSON of 1 kB and more compressed, smaller ones not', () => {
  it('compresses a JSON answer over 1 kB (brotli, else gzip), still no-store', async () => {
    const admin = await t.superAdmin();
    for (let i = 0; i < 12; i++) await t.newAdmin({ name: `Administrateur de test numéro ${i}` });
    const plain = await admin.get('/api/admins/all');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Buffer.byteLength(plain.body)).toBeGreaterThan(1024);

    const br = await admin.get('/api/admins/all', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(varyOf(br)).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('no-store');
    expect(String(br.headers['content-type'])).toMatch(/^application\/json/);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(plain.body));

    const gz = await admin.get('/api/admins/all', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends a JSON answer under 1 kB as is', async () => {
    const admin = await t.superAdmin();
    const res = await admin.get('/api/profile/getAuthUser', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(Buffer.byteLength(res.body)).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('keeps errors in their shape and no-store', async () => {
    const anon = t.anon();
    const unauthenticated = await anon.get('/api/admins/all', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.headers['cache-control']).toBe('no-store');
    expect(unauthenticated.json()).toEqual({ message: expect.any(String) });
    const unknown = await (await t.superAdmin()).get('/api/no-such-route', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['cache-control']).toBe('no-store');
    expect(unknown.json()).toEqual({ message: expect.any(String) });
  });

  it('does not decompress request bodies (only answers are compressed)', async () => {
    const admin = await t.superAdmin();
    await admin.ensureCsrf();
    const body = zlib.gzipSync(JSON.stringify({ name: 'Groupe compressé' }));
    const res = await admin.post('/api/groups/store', undefined, {
      payload: body,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toEqual(expect.objectContaining({ message: expect.any(String) }));
  });
});

describe('the front end does not shadow /api answers', () => {
  it('an /api path whose parameter is too long still answers 414, an unknown one 404 {message}', async () => {
    const admin = await t.superAdmin();
    const long = await admin.get(`/api/admins/getUserRoles/${'1'.repeat(300)}`);
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ message: 'L’adresse demandée est trop longue.' });
    const unknown = await admin.get('/api/assets/app-Ab12Cd34.js');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: expect.any(String) });
  });
});

describe('avatars', () => {
  it('are sent as they are (WebP is not recompressed)', async () => {
    const a = await t.newAdmin();
    const image = await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 10, g: 120, b: 200 } } }).png().toBuffer();
    const m = multipart('file', 'a.png', 'image/png', image);
    const up = await a.client.post('/api/profile/uploadAvatarAuthUser', undefined, { payload: m.payload, headers: m.headers });
    expect(up.statusCode, up.body).toBe(200);
    const file = await a.client.get(up.json().avatar_url, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['content-encoding']).toBeUndefined();
    expect((await sharp(file.rawPayload).metadata()).format).toBe('webp');
  });
});
