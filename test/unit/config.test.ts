/**
 * Configuration parsing (server/config.ts). TRUST_PROXY: unset/false = no proxy, a hop count,
 * or a comma-separated list of proxy addresses / CIDRs; `true` (which trusted the client-written leftmost
 * entry) and anything else stop the start with a message naming the variable.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

const trustProxy = (value: string | undefined) => loadConfig({ TRUST_PROXY: value }).trustProxy;

describe('TRUST_PROXY', () => {
  it('unset, empty, false and 0 mean no proxy', () => {
    for (const v of [undefined, '', 'false', '0']) expect(trustProxy(v), String(v)).toBe(false);
  });

  it('a hop count', () => {
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy('2')).toBe(2);
    expect(trustProxy(' 3 ')).toBe(3);
  });

  it('true is refused: it used to trust the leftmost X-Forwarded-For entry, which the client writes', () => {
    expect(() => trustProxy('true')).toThrow(/TRUST_PROXY=true is no longer accepted/);
  });

  it('a list of addresses, CIDRs and proxy-addr names', () => {
    expect(trustProxy('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(trustProxy(' 127.0.0.1, 10.0.0.0/8 ,::1,fd00::/8 ')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8']);
    expect(trustProxy('loopback, uniquelocal')).toEqual(['loopback', 'uniquelocal']);
  });

  it('refuses anything else with a message naming the variable', () => {
    for (const v of ['yes', '-1', '1.5', '10.0.0.0/33', '300.1.1.1', 'proxy.example.com', '127.0.0.1,,10.0.0.1', '0x1']) {
      expect(() => trustProxy(v), v).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('DB_STATEMENT_TIMEOUT_MS', () => {
  it('defaults to 5000 ms; 0 turns the limit off; anything but digits is refused', () => {
    expect(loadConfig({}).dbStatementTimeoutMs).toBe(5000);
    expect(loadConfig({ DB_STATEMENT_TIMEOUT_MS: '250' }).dbStatementTimeoutMs).toBe(250);
    expect(loadConfig({ DB_STATEMENT_TIMEOUT_MS: '0' }).dbStatementTimeoutMs).toBe(0);
    for (const v of ['-1', '1.5', '5s', '0x10']) expect(() => loadConfig({ DB_STATEMENT_TIMEOUT_MS: v }), v).toThrow();
  });
});

describe('ARGON2_MEMORY_KIB and ARGON2_ITERATIONS', () => {
  it('default to OWASP’s argon2id cost (19 MiB, 2 iterations); unset and empty alike', () => {
    expect(loadConfig({}).passwordHashCost).toEqual({ memoryCost: 19456, timeCost: 2 });
    expect(loadConfig({ ARGON2_MEMORY_KIB: '', ARGON2_ITERATIONS: '' }).passwordHashCost).toEqual({ memoryCost: 19456, timeCost: 2 });
  });

  it('take a lower cost (the tests’) and refuse what argon2id cannot use', () => {
    expect(loadConfig({ ARGON2_MEMORY_KIB: '64', ARGON2_ITERATIONS: '1' }).passwordHashCost).toEqual({ memoryCost: 64, timeCost: 1 });
    for (const v of ['7', '0', '-1', '1.5', '19 MiB']) expect(() => loadConfig({ ARGON2_MEMORY_KIB: v }), v).toThrow(/ARGON2_MEMORY_KIB/);
    for (const v of ['0', 'two']) expect(() => loadConfig({ ARGON2_ITERATIONS: v }), v).toThrow(/ARGON2_ITERATIONS/);
  });
});

describe('NEWS_IMPORT_MAX_BYTES and NEWS_IMPORT_MAX_ROWS', () => {
  it('default to the contract’s 50 MiB and 1,000,000 rows; lower values are taken, nonsense refused', () => {
    expect(loadConfig({}).newsImport).toEqual({ maxBytes: 50 * 1024 * 1024, maxRows: 1_000_000 });
    expect(loadConfig({ NEWS_IMPORT_MAX_BYTES: String(8 * 1024 * 1024), NEWS_IMPORT_MAX_ROWS: '100000' }).newsImport).toEqual({ maxBytes: 8 * 1024 * 1024, maxRows: 100_000 });
    for (const v of ['1000', '-1', '8MiB']) expect(() => loadConfig({ NEWS_IMPORT_MAX_BYTES: v }), v).toThrow(/NEWS_IMPORT_MAX_BYTES/);
    for (const v of ['0', '1e6']) expect(() => loadConfig({ NEWS_IMPORT_MAX_ROWS: v }), v).toThrow(/NEWS_IMPORT_MAX_ROWS/);
  });
});
