/**
 * APP_KEY handling and the secret-at-rest primitives built on it.
 *
 * - Key: 32 bytes, given as `base64:<44 chars>` or 64 hex chars in `APP_KEY`; when unset, generated
 *   once into `DATA_DIR/app.key` (mode 0600) and reused.
 * - `encryptSecret` / `decryptSecret`: AES-256-GCM, output `v1.<iv>.<tag>.<ciphertext>` (base64url).
 * - `hmac`: keyed SHA-256 (hex) used as a unique, searchable fingerprint of a secret.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Decodes an APP_KEY value. @throws Error when it is not 32 bytes */
export function parseAppKey(value: string): Buffer {
  const key = value.startsWith('base64:') ? Buffer.from(value.slice(7), 'base64') : Buffer.from(value, 'hex');
  if (key.length !== 32) throw new Error('APP_KEY doit faire 32 octets (base64:… ou 64 caractères hexadécimaux).');
  return key;
}

/** Returns the configured key, or the one stored in `dataDir/app.key`, generating it on first call. */
export function loadOrCreateAppKey(appKey: string | undefined, dataDir: string): Buffer {
  if (appKey) return parseAppKey(appKey);
  const file = path.join(dataDir, 'app.key');
  if (fs.existsSync(file)) return parseAppKey(fs.readFileSync(file, 'utf8').trim());
  fs.mkdirSync(dataDir, { recursive: true });
  const value = `base64:${crypto.randomBytes(32).toString('base64')}`;
  fs.writeFileSync(file, value + '\n', { mode: 0o600, flag: 'wx' });
  return parseAppKey(value);
}

/** Secret-at-rest helper bound to one key. */
export class SecretBox {
  private readonly encKey: Buffer;
  private readonly macKey: Buffer;

  constructor(appKey: Buffer) {
    // Two independent sub-keys so the fingerprint never reuses the encryption key.
    this.encKey = crypto.createHmac('sha256', appKey).update('vigie:enc').digest();
    this.macKey = crypto.createHmac('sha256', appKey).update('vigie:mac').digest();
  }

  /** AES-256-GCM with a random 96-bit IV. */
  encrypt(plain: string): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.encKey, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return ['v1', iv.toString('base64url'), tag.toString('base64url'), data.toString('base64url')].join('.');
  }

  /** @throws Error when the value was tampered with or made with another key */
  decrypt(sealed: string): string {
    const [v, iv, tag, data] = sealed.split('.');
    if (v !== 'v1' || !iv || !tag || data === undefined) throw new Error('invalid sealed secret');
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.encKey, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** Keyed SHA-256 fingerprint (64 hex chars). */
  hmac(value: string): string {
    return crypto.createHmac('sha256', this.macKey).update(value).digest('hex');
  }

  /** HMAC for signing short tokens (CSRF). */
  sign(value: string): string {
    return crypto.createHmac('sha256', this.macKey).update('csrf:' + value).digest('base64url');
  }
}
