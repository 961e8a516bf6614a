/**
 * Generation and sealing of API customer credentials.
 * client_id: 128 random bits as 32 hex characters; client_secret: 256 random bits as 43 base64url
 * characters; both from `crypto.randomBytes` (CSPRNG). Secrets are sealed with AES-256-GCM and
 * fingerprinted with HMAC-SHA256 for uniqueness.
 */
import crypto from 'node:crypto';
import type { CustomerResponse } from '../../../contract/customers';
import type { Status } from '../../../contract/fields';
import type { apiCustomers } from '../../db/schema';
import type { SecretBox } from '../../lib/app-key';

/** A fresh set of Prod and Sandbox credentials. */
export function generateCredentials() {
  return {
    client_id: crypto.randomBytes(16).toString('hex'),
    client_secret: crypto.randomBytes(32).toString('base64url'),
    client_id_sandbox: crypto.randomBytes(16).toString('hex'),
    client_secret_sandbox: crypto.randomBytes(32).toString('base64url'),
  };
}

/** Column values for a set of credentials: ids in clear, secrets sealed and fingerprinted. */
export function sealCredentials(
  box: SecretBox,
  c: { client_id: string; client_secret: string; client_id_sandbox: string; client_secret_sandbox: string },
) {
  return {
    clientId: c.client_id,
    clientSecretEnc: box.encrypt(c.client_secret),
    clientSecretHash: box.hmac(c.client_secret),
    clientIdSandbox: c.client_id_sandbox,
    clientSecretSandboxEnc: box.encrypt(c.client_secret_sandbox),
    clientSecretSandboxHash: box.hmac(c.client_secret_sandbox),
  };
}

/**
 * Maps a row to the API object, secrets decrypted, without its usage figure (`calls_today`, service.ts).
 * @throws Error when a secret was sealed with another APP_KEY
 */
export function toCustomerResponse(box: SecretBox, row: typeof apiCustomers.$inferSelect): Omit<CustomerResponse, 'calls_today'> {
  return {
    id: row.id,
    name: row.name,
    client_id: row.clientId,
    client_secret: box.decrypt(row.clientSecretEnc),
    client_id_sandbox: row.clientIdSandbox,
    client_secret_sandbox: box.decrypt(row.clientSecretSandboxEnc),
    status: row.status as Status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
