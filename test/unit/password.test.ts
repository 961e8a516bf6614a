/**
 * Password hashing (server/lib/password.ts): the production cost unless the configuration sets another, and a
 * hash verified at whatever cost it was made with.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PRODUCTION_PASSWORD_HASH_COST } from '../../server/config';
import { hashPassword, setPasswordHashCost, verifyPassword } from '../../server/lib/password';

afterEach(() => setPasswordHashCost(PRODUCTION_PASSWORD_HASH_COST));

describe('hashPassword', () => {
  it('hashes at OWASP’s cost until told otherwise', async () => {
    setPasswordHashCost(PRODUCTION_PASSWORD_HASH_COST);
    expect(await hashPassword('a-long-password')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('hashes at the configured cost; a hash of either cost verifies', async () => {
    const strong = await hashPassword('a-long-password');
    setPasswordHashCost({ memoryCost: 64, timeCost: 1 });
    const cheap = await hashPassword('a-long-password');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
    expect(await verifyPassword(cheap, 'a-long-password')).toBe(true);
    expect(await verifyPassword(strong, 'a-long-password')).toBe(true);
    expect(await verifyPassword(cheap, 'another-password')).toBe(false);
  });
});
