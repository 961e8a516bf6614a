/**
 * Runs the fake RNE API (test/helpers/fake-rne-server.ts) standalone, e.g. for playwright's webServer:
 *   node --import tsx test/helpers/fake-rne-cli.ts --port 4599 [--latency 20] [--account user:password]…
 * It accepts FAKE_RNE_ACCOUNT plus every `--account`, prints `fake RNE listening on <url>` once ready (playwright
 * can wait on the port: any path answers, unknown ones with 404), and stops on SIGTERM / SIGINT.
 */
import { parseArgs } from 'node:util';
import { startFakeRne } from './fake-rne-server';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    latency: { type: 'string', default: '0' },
    account: { type: 'string', multiple: true, default: [] },
  },
});

const fake = await startFakeRne({ port: Number(values.port), latencyMs: Number(values.latency) });
for (const pair of values.account ?? []) {
  const at = pair.indexOf(':');
  if (at > 0) fake.accounts.set(pair.slice(0, at), pair.slice(at + 1));
}
console.log(`fake RNE listening on ${fake.url}`);

const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
