/**
 * APP_KEY parsing and storage, and the SecretBox built on it (server/lib/app-key.ts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOrCreateAppKey, parseAppKey, SecretBox } from '../../server/lib/app-key';

const KEY_ERROR = 'APP_KEY doit faire 32 octets (base64:… ou 64 caractères hexadécimaux).';
const bytes = crypto.randomBytes(32);

const dirs: string[] = [];
function tempDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-key-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('parseAppKey', () => {
  it('reads base64:… and 64 hexadecimal characters', () => {
    expect(parseAppKey('base64:' + bytes.toString('base64')).equals(bytes)).toBe(true);
    expect(parseAppKey(bytes.toString('hex')).equals(bytes)).toBe(true);
    expect(parseAppKey(bytes.toString('hex').toUpperCase()).equals(bytes)).toBe(true);
  });

  it('refuses anything that is not 32 bytes', () => {
    for (const value of [
      '',
      'base64:',
      'base64:' + crypto.randomBytes(16).toString('base64'),
      'base64:' + crypto.randomBytes(33).toString('base64'),
      bytes.toString('hex').slice(0, 62),
      bytes.toString('hex') + '00',
      'z'.repeat(64),
      bytes.toString('base64'), // base64 without its prefix is read as hex
    ]) {
      expect(() => parseAppKey(value), value).toThrow(KEY_ERROR);
    }
  });
});

describe('loadOrCreateAppKey', () => {
  it('uses APP_KEY when given and writes nothing', () => {
    const dir = tempDir();
    expect(loadOrCreateAppKey(bytes.toString('hex'), dir).equals(bytes)).toBe(true);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('generates a key once into DATA_DIR/app.key (mode 0600) and reuses it', () => {
    const dir = path.join(tempDir(), 'nested', 'data');
    const first = loadOrCreateAppKey(undefined, dir);
    expect(first).toHaveLength(32);
    const file = path.join(dir, 'app.key');
    const content = fs.readFileSync(file, 'utf8');
    expect(content).toMatch(/^base64:[A-Za-z0-9+/]{43}=\n$/);
    expect(parseAppKey(content.trim()).equals(first)).toBe(true);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const again = loadOrCreateAppKey(undefined, dir);
    expect(again.equals(first)).toBe(true);
    expect(fs.readFileSync(file, 'utf8')).toBe(content);
    // Another data directory gets another key.
    expect(loadOrCreateAppKey(undefined, tempDir()).equals(first)).toBe(false);
  });

  it('refuses a corrupt key file instead of replacing it', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'app.key'), 'base64:short\n');
    expect(() => loadOrCreateAppKey(undefined, dir)).toThrow(KEY_ERROR);
    expect(fs.readFileSync(path.join(dir, 'app.key'), 'utf8')).toBe('base64:short\n');
  });
});

describe('SecretBox', () => {
  const box = new SecretBox(bytes);

  it('round-trips secrets, with a fresh IV each time', () => {
    for (const secret of ['', 'x', 'client-secret_ABC~123', 'é€😀 unicode', 'a'.repeat(10_000)]) {
      const sealed = box.encrypt(secret);
      expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]*$/);
      expect(box.decrypt(sealed)).toBe(secret);
    }
    const a = box.encrypt('same');
    const b = box.encrypt('same');
    expect(a).not.toBe(b);
    expect(a).not.toContain(Buffer.from('same').toString('base64url'));
  });

  it('detects tampering and a foreign key', () => {
    const sealed = box.encrypt('a secret value');
    const [v, iv, tag, data] = sealed.split('.');
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    for (const bad of [
      [v, iv, tag, flip(data)].join('.'),
      [v, iv, flip(tag), data].join('.'),
      [v, flip(iv), tag, data].join('.'),
      [v, iv, tag, data + 'AA'].join('.'),
    ]) {
      expect(() => box.decrypt(bad)).toThrow();
    }
    expect(() => new SecretBox(crypto.randomBytes(32)).decrypt(sealed)).toThrow();
    expect(() => box.decrypt('v2' + sealed.slice(2))).toThrow('invalid sealed secret');
    expect(() => box.decrypt('not sealed')).toThrow('invalid sealed secret');
  });

  it('hmac is a stable 64-hex fingerprint per key, different across keys and values', () => {
    const h = box.hmac('value');
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(new SecretBox(Buffer.from(bytes)).hmac('value')).toBe(h);
    expect(box.hmac('value2')).not.toBe(h);
    expect(new SecretBox(crypto.randomBytes(32)).hmac('value')).not.toBe(h);
    // Not a plain SHA-256 of the value, nor keyed directly with APP_KEY.
    expect(h).not.toBe(crypto.createHash('sha256').update('value').digest('hex'));
    expect(h).not.toBe(crypto.createHmac('sha256', bytes).update('value').digest('hex'));
  });

  it('sign is stable per key and separate from hmac', () => {
    const s = box.sign('token');
    expect(s).toMatch(/^[\w-]{43}$/);
    expect(new SecretBox(Buffer.from(bytes)).sign('token')).toBe(s);
    expect(new SecretBox(crypto.randomBytes(32)).sign('token')).not.toBe(s);
    expect(Buffer.from(s, 'base64url').toString('hex')).not.toBe(box.hmac('token'));
  });
});
