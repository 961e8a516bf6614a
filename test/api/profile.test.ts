/**
 * SPEC section 7 "Profile": own identity, password change, and the avatar (content-checked, re-encoded
 * to a 256x256 WebP without metadata, served only to signed-in administrators).
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipart, type Client, type TestApp } from '../helpers/app';

const EMAIL_TAKEN = 'Cet email est déjà utilisé par un autre administrateur.';
const BAD_TYPE = 'Le fichier doit être une image JPEG, PNG, WebP ou GIF.';
const TOO_BIG = "L’image ne doit pas dépasser 2 Mo.";
const MISSING = 'Veuillez choisir une image.';
const TOO_MANY_PIXELS = "L’image ne doit pas dépasser 25 millions de pixels (par exemple 5000 × 5000).";
const DEFAULT_AVATAR = '/default-avatar.svg';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const image = (width = 320, height = 200) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });

function upload(c: Client, data: Buffer, filename = 'photo.jpg', type = 'image/jpeg', field = 'file') {
  const m = multipart(field, filename, type, data);
  return c.post('/api/profile/uploadAvatarAuthUser', undefined, { payload: m.payload, headers: m.headers });
}

describe('GET /api/profile/getAuthUser', () => {
  it('returns the signed-in administrator', async () => {
    const a = await t.newAdmin({ name: 'Claire Dupont' });
    const res = await a.client.get('/api/profile/getAuthUser');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: a.id, firstname: '', name: 'Claire Dupont', email: a.email, avatar_url: DEFAULT_AVATAR, status: 1 });
  });
});

describe('POST /api/profile/updateAuthUser', () => {
  it('updates firstname, name and email (lower-cased), and nothing else', async () => {
    const a = await t.newAdmin();
    const res = await a.client.post('/api/profile/updateAuthUser', {
      firstname: ' Claire ',
      name: 'Dupont',
      email: 'Claire.Dupont@Example.com',
      // Extra keys of the profile object are ignored, never applied.
      id: 1,
      status: 0,
      avatar_url: '/avatars/evil.webp',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: a.id, firstname: 'Claire', name: 'Dupont', email: 'claire.dupont@example.com', avatar_url: DEFAULT_AVATAR, status: 1 });
    expect((await a.client.get('/api/profile/getAuthUser')).json()).toEqual(res.json());
    const root = await t.superAdmin();
    expect((await root.get('/api/admins/getUserRoles/1')).json()).toMatchObject({ name: 'Super admin', email: 'admin@example.com' });
    // The new email signs in.
    expect((await t.anon().post('/api/login', { email: 'claire.dupont@example.com', password: a.password })).statusCode).toBe(200);
  });

  it('makes the firstname optional and requires the name', async () => {
    const a = await t.newAdmin();
    await a.client.post('/api/profile/updateAuthUser', { firstname: 'Jean', name: 'Avant', email: a.email });
    // Absent: unchanged; empty or null: cleared.
    const noFirst = await a.client.post('/api/profile/updateAuthUser', { name: 'Seul', email: a.email });
    expect(noFirst.statusCode).toBe(200);
    expect(noFirst.json()).toMatchObject({ firstname: 'Jean', name: 'Seul' });
    for (const firstname of ['', null]) {
      const cleared = await a.client.post('/api/profile/updateAuthUser', { firstname, name: 'Seul', email: a.email });
      expect(cleared.json()).toMatchObject({ firstname: '', name: 'Seul' });
      await a.client.post('/api/profile/updateAuthUser', { firstname: 'Jean', name: 'Seul', email: a.email });
    }
    const noName = await a.client.post('/api/profile/updateAuthUser', { firstname: 'Jean', name: ' ', email: a.email });
    expect(noName.statusCode).toBe(422);
    expect(noName.json()).toEqual({ message: 'Le champ Nom est obligatoire.', errors: { name: ['Le champ Nom est obligatoire.'] } });
    const badEmail = await a.client.post('/api/profile/updateAuthUser', { name: 'Seul', email: 'nope' });
    expect(badEmail.statusCode).toBe(422);
    expect(badEmail.json().errors).toEqual({ email: ['Le champ Email doit être une adresse email valide.'] });
  });

  it("rejects another administrator's email and accepts its own", async () => {
    const a = await t.newAdmin();
    const b = await t.newAdmin();
    const res = await a.client.post('/api/profile/updateAuthUser', { name: 'A', email: b.email.toUpperCase() });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: EMAIL_TAKEN, errors: { email: [EMAIL_TAKEN] } });
    expect((await a.client.post('/api/profile/updateAuthUser', { name: 'A', email: a.email })).statusCode).toBe(200);
  });
});

describe('POST /api/profile/updatePasswordAuthUser', () => {
  const change = (c: Client, current: string, password: string, password_confirmation = password) =>
    c.post('/api/profile/updatePasswordAuthUser', { current, password, password_confirmation });

  it('rejects a wrong current password', async () => {
    const a = await t.newAdmin();
    const res = await change(a.client, 'not-my-password', 'a-new-password-1');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'Le mot de passe actuel est incorrect.', errors: { current: ['Le mot de passe actuel est incorrect.'] } });
  });

  it('requires 12 characters and a matching confirmation', async () => {
    const a = await t.newAdmin();
    const short = await change(a.client, a.password, 'short-pass1');
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ password: ['Le champ Nouveau mot de passe doit contenir au moins 12 caractères.'] });
    const mismatch = await change(a.client, a.password, 'a-new-password-1', 'a-new-password-2');
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({ password_confirmation: ['La confirmation ne correspond pas au nouveau mot de passe.'] });
    const missing = await a.client.post('/api/profile/updatePasswordAuthUser', {});
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['current', 'password', 'password_confirmation']);
    expect(missing.json().errors.current).toEqual(['Le champ Mot de passe actuel est obligatoire.']);
    // The password did not change.
    expect((await t.anon().post('/api/login', { email: a.email, password: a.password })).statusCode).toBe(200);
  });

  it('throttles wrong current passwords like sign-in: the 6th attempt in a minute answers 429', async () => {
    const a = await t.newAdmin();
    for (let i = 1; i <= 5; i++) {
      const res = await change(a.client, `wrong-current-${i}`, 'a-new-password-1');
      expect(res.statusCode, `attempt ${i}`).toBe(422);
      expect(res.json().errors.current).toEqual(['Le mot de passe actuel est incorrect.']);
    }
    const sixth = await change(a.client, 'wrong-current-6', 'a-new-password-1');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ message: expect.stringMatching(/^Trop de tentatives\. Veuillez réessayer dans \d+ secondes?\.$/) });
    // Locked even with the right current password: the password did not change.
    expect((await change(a.client, a.password, 'a-new-password-1')).statusCode).toBe(429);
    expect((await t.anon().post('/api/login', { email: a.email, password: a.password })).statusCode).toBe(200);
    // Another administrator is not affected.
    const b = await t.newAdmin();
    expect((await change(b.client, b.password, 'a-new-password-2')).statusCode).toBe(200);
  });

  it('counts wrong current passwords atomically: 30 parallel attempts give at most 5 × 422, then 429', async () => {
    const a = await t.newAdmin();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => change(a.client, `wrong-parallel-${i}`, 'a-new-password-1')));
    const codes = answers.map((r) => r.statusCode);
    const refused = codes.filter((s) => s === 422).length;
    expect(refused, codes.join(',')).toBeLessThanOrEqual(5);
    expect(codes.filter((s) => s === 429).length, codes.join(',')).toBe(30 - refused);
  });

  it('a right current password clears the count', async () => {
    const a = await t.newAdmin();
    for (let i = 0; i < 4; i++) expect((await change(a.client, 'wrong-current', 'a-new-password-1')).statusCode).toBe(422);
    expect((await change(a.client, a.password, 'a-new-password-1')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await change(a.client, 'wrong-current', 'a-new-password-2')).statusCode).toBe(422);
    expect((await change(a.client, 'wrong-current', 'a-new-password-2')).statusCode).toBe(429);
  });

  it('changes the password: the new one signs in, the old one no longer does', async () => {
    const a = await t.newAdmin();
    const res = await change(a.client, a.password, 'my-brand-new-password');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Opération effectuée avec succès!' });
    const ok = await t.anon().post('/api/login', { email: a.email, password: 'my-brand-new-password' });
    expect(ok.statusCode).toBe(200);
    const old = await t.anon().post('/api/login', { email: a.email, password: a.password });
    expect(old.statusCode).toBe(422);
    expect(old.json().errors.email).toEqual(['Ces identifiants ne correspondent pas à nos enregistrements.']);
  });
});

describe('avatar', () => {
  let a: Awaited<ReturnType<TestApp['newAdmin']>>;
  beforeAll(async () => {
    a = await t.newAdmin();
  });

  it.each([
    ['jpeg', 'image/jpeg', () => image().jpeg().toBuffer()],
    ['png', 'image/png', () => image(100, 400).png().toBuffer()],
    ['webp', 'image/webp', () => image().webp().toBuffer()],
    ['gif', 'image/gif', () => image(64, 64).gif().toBuffer()],
  ])('accepts a %s image and serves it back as a 256x256 WebP', async (ext, type, make) => {
    const res = await upload(a.client, await make(), `photo.${ext}`, type);
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().avatar_url as string;
    expect(res.json()).toEqual({ avatar_url: expect.stringMatching(new RegExp(`^/avatars/${a.id}-[A-Za-z0-9_-]+\\.webp$`)) });
    expect((await a.client.get('/api/profile/getAuthUser')).json().avatar_url).toBe(url);

    const file = await a.client.get(url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
  });

  it('gives each upload a new URL and forgets the previous one', async () => {
    const first = (await upload(a.client, await image().jpeg().toBuffer())).json().avatar_url;
    const second = (await upload(a.client, await image().png().toBuffer(), 'p.png', 'image/png')).json().avatar_url;
    expect(second).not.toBe(first);
    expect((await a.client.get(first)).statusCode).toBe(404);
    expect((await a.client.get(second)).statusCode).toBe(200);
  });

  it('drops EXIF metadata', async () => {
    const withExif = await image().withMetadata({ exif: { IFD0: { Copyright: 'secret' } } }).jpeg().toBuffer();
    expect((await sharp(withExif).metadata()).exif?.toString('latin1')).toContain('secret');
    const res = await upload(a.client, withExif);
    expect(res.statusCode).toBe(200);
    const file = await a.client.get(res.json().avatar_url);
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(file.rawPayload.toString('latin1')).not.toContain('secret');
  });

  it('recognises images by content, not by name or declared type', async () => {
    const text = await upload(a.client, Buffer.from('this is not an image at all'), 'photo.png', 'image/png');
    expect(text.statusCode).toBe(422);
    expect(text.json()).toEqual({ message: BAD_TYPE, errors: { file: [BAD_TYPE] } });

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>');
    for (const [name, type] of [['a.svg', 'image/svg+xml'], ['a.png', 'image/png']]) {
      const res = await upload(a.client, svg, name, type);
      expect(res.statusCode, name).toBe(422);
      expect(res.json().errors, name).toEqual({ file: [BAD_TYPE] });
    }

    // A real PNG named .txt is fine: content decides.
    const png = await upload(a.client, await image().png().toBuffer(), 'notes.txt', 'text/plain');
    expect(png.statusCode).toBe(200);
  });

  it('accepts an image up to 2 MB and refuses a bigger file', async () => {
    // ~1.5 MB: above the 1 MB JSON body limit, below the 2 MB avatar limit.
    const noise = Buffer.alloc(700 * 700 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const big = await sharp(noise, { raw: { width: 700, height: 700, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    expect(big.length).toBeGreaterThan(1024 * 1024);
    expect(big.length).toBeLessThan(2 * 1024 * 1024);
    expect((await upload(a.client, big, 'big.png', 'image/png')).statusCode).toBe(200);

    const tooBig = Buffer.concat([await image().jpeg().toBuffer(), Buffer.alloc(2 * 1024 * 1024)]);
    const res = await upload(a.client, tooBig);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: TOO_BIG, errors: { file: [TOO_BIG] } });
  });

  it('refuses an image above 25 million pixels (image bomb) at once, with the limit in the message', async () => {
    // 7000 x 7000 = 49 MP of one colour: a few hundred KB of PNG, about 150 MB once decoded.
    const bomb = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#3366cc' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const t0 = performance.now();
    const res = await upload(a.client, bomb, 'bomb.png', 'image/png');
    const elapsed = performance.now() - t0;
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: TOO_MANY_PIXELS, errors: { file: [TOO_MANY_PIXELS] } });
    // Refused from the header, never decoded: a loose bound, far from a timed budget.
    expect(elapsed).toBeLessThan(3000);
  });

  it('asks for a file when none is sent', async () => {
    const empty = await upload(a.client, Buffer.alloc(0));
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({ message: MISSING, errors: { file: [MISSING] } });
    const otherField = await upload(a.client, await image().jpeg().toBuffer(), 'photo.jpg', 'image/jpeg', 'picture');
    expect(otherField.statusCode).toBe(422);
    expect(otherField.json().errors).toEqual({ file: [MISSING] });
    const noBody = await a.client.post('/api/profile/uploadAvatarAuthUser');
    expect(noBody.statusCode).toBe(422);
    expect(noBody.json().errors).toEqual({ file: [MISSING] });
  });

  it('needs the CSRF header to upload and a session to read', async () => {
    const m = multipart('file', 'photo.jpg', 'image/jpeg', await image().jpeg().toBuffer());
    const noCsrf = await a.client.post('/api/profile/uploadAvatarAuthUser', undefined, { payload: m.payload, headers: m.headers, noCsrf: true });
    expect(noCsrf.statusCode).toBe(419);

    const url = (await upload(a.client, await image().jpeg().toBuffer())).json().avatar_url;
    const anon = await t.anon().get(url);
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ message: 'Non authentifié.' });
    // Any signed-in administrator sees it (it is shown in the admin list).
    expect((await (await t.superAdmin()).get(url)).statusCode).toBe(200);
    // A malformed name: 401 without a session, 404 with one (the session is checked first).
    expect((await t.anon().get('/avatars/..%2Fapp.key')).statusCode).toBe(401);
    expect((await a.client.get('/avatars/not-an-avatar.png')).statusCode).toBe(404);
  });

  it('removeAvatarAuthUser restores the default avatar and the old URL answers 404', async () => {
    const url = (await upload(a.client, await image().jpeg().toBuffer())).json().avatar_url;
    const res = await a.client.post('/api/profile/removeAvatarAuthUser');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ avatar_url: DEFAULT_AVATAR });
    expect((await a.client.get('/api/profile/getAuthUser')).json().avatar_url).toBe(DEFAULT_AVATAR);
    const old = await a.client.get(url);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual({ message: 'Ressource introuvable.' });
  });
});
