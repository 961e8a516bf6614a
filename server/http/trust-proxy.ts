/**
 * TRUST_PROXY as Fastify's `trustProxy` option (docs/configuration.md).
 *
 * Fastify 5 accepts proxy addresses / CIDRs as they are, but turns a bare hop count into "trust nobody"
 * (it cannot check the peer). A hop count is therefore given as a trust function with the Express /
 * proxy-addr meaning: hop `i` (0 = the connected peer, then X-Forwarded-For from the right) is a proxy
 * when `i < n`, so the client IP is the entry just left of the n trusted hops. Safe only when the
 * server cannot be reached but through those proxies (HOST=127.0.0.1, or a firewall); naming the
 * proxies is the safer form.
 */
import type { AppConfig } from '../config';

/** Fastify `trustProxy` value for the configured TRUST_PROXY. */
export function fastifyTrustProxy(value: AppConfig['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value;
}
