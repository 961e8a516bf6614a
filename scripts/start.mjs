#!/usr/bin/env node
/**
 * `npm start`: builds the front end when web/dist (or VIGIE_WEB_DIST, the folder the server then serves) is missing
 * or older than its sources, then runs the server (tsx server/main.ts) in this process's place:
 * - SIGTERM, SIGINT and SIGHUP are forwarded to the child, once each: the child runs in its own process
 *   group, so a terminal's Ctrl-C reaches it once (through us), not twice (a second signal means
 *   "exit now" to the server);
 * - the child gets an IPC channel: if this process dies without forwarding (SIGKILL), the server sees
 *   the channel close and shuts down instead of being left orphaned;
 * - this process ends like the child: with its exit code, or by re-raising the signal that killed it
 *   (a shell then reports 128 + n, e.g. 137 for SIGKILL).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(process.env.VIGIE_WEB_DIST ? path.resolve(process.env.VIGIE_WEB_DIST) : path.join(root, 'web', 'dist'), 'index.html');

function newestMtime(p) {
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of fs.readdirSync(p)) max = Math.max(max, newestMtime(path.join(p, e)));
  return max;
}

const sources = ['web/src', 'web/index.html', 'web/public', 'vite.config.ts', 'package-lock.json']
  .map((p) => path.join(root, p))
  .filter((p) => fs.existsSync(p));
const stale = !fs.existsSync(dist) || Math.max(...sources.map(newestMtime)) > fs.statSync(dist).mtimeMs;

const FORWARDED = ['SIGINT', 'SIGTERM', 'SIGHUP'];
let current;
const received = [];
for (const sig of FORWARDED) {
  process.on(sig, () => {
    if (received.includes(sig)) return;
    received.push(sig);
    current?.kill(sig);
  });
}

/** Runs one child in its own process group; resolves with how it ended. */
function run(args, opts) {
  current = spawn(process.execPath, args, { detached: true, ...opts });
  return new Promise((resolve) => {
    current.on('error', () => resolve({ code: 1, signal: null }));
    current.on('exit', (code, signal) => resolve({ code, signal }));
  });
}

/** Ends this process like the child ended: same exit code, or the same signal re-raised. */
function endLike({ code, signal }) {
  if (!signal) process.exit(code ?? 1);
  for (const sig of FORWARDED) process.removeAllListeners(sig);
  process.kill(process.pid, signal);
  // A signal whose default action is not to terminate: report it the way a shell would.
  setTimeout(() => process.exit(128 + (os.constants.signals[signal] ?? 0)), 200);
}

async function main() {
  if (stale) {
    console.log('vigie: building the front end (vite build)…');
    const r = await run([path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
    if (received.length > 0) return endLike({ code: null, signal: received[0] });
    if (r.signal || r.code !== 0) return endLike(r);
  }
  const loader = pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href;
  const server = run(['--import', loader, path.join(root, 'server/main.ts')], { cwd: process.cwd(), stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
  // A signal that arrived before the server existed.
  if (received.length > 0) current.kill(received[0]);
  return endLike(await server);
}

await main();
