/**
 * Errors made safe to log: logs never carry the bound values of a query (password
 * hashes, sealed secrets, emails typed at sign-in).
 *
 * Drizzle's `DrizzleQueryError` puts every bound value in its message (`Failed query: …\nparams: …`),
 * in its stack (which repeats the message) and in `params`; the driver's error under `cause` may quote
 * a value in its message (`invalid input syntax for type integer: "…"`) and in `detail`
 * (`Key (lower(email))=(…) already exists.`, `Failing row contains (…)`). `safeError` keeps what
 * explains the failure — type, SQL text with its `$n` placeholders, SQLSTATE code, constraint, table,
 * column, stack frames — and drops or masks the rest:
 * - the `params` line and property are dropped, and each bound value (3+ characters) is masked as
 *   `[valeur masquée]` wherever it still appears (messages of the error and of its causes);
 * - `detail`, `hint`, `where`, `internalQuery` and any other property are not copied.
 * `logSafeError` is the pino serializer of `err` (server/app.ts); `formatSafeError` prints an error
 * for a human on stderr (start-up failures, server/main.ts).
 *
 * `printOut` / `printErr` are how the command-line tools (server/cli/*) print: every control character but the
 * line feed is escaped (`\x1b` shown as `\\x1b`, server/lib/excerpt.ts), so that a file name, a path or a message
 * quoting a file can never move the cursor, retitle the terminal or hide a line. `jsonLine` is the same for a
 * JSON log line.
 */
import { DrizzleQueryError } from 'drizzle-orm';
import { escapeControls, escapeControlsInJson } from './excerpt';

/** A loggable view of an error: no bound values. */
export type SafeError = {
  type: string;
  message: string;
  /** `type: message`, then the stack frames. */
  stack: string;
  code?: string;
  statusCode?: number;
  severity?: string;
  constraint?: string;
  table?: string;
  column?: string;
  schema?: string;
  routine?: string;
  cause?: SafeError;
};

const MASK = '[valeur masquée]';
const KEPT = ['code', 'severity', 'constraint', 'table', 'column', 'schema', 'routine'] as const;
const MAX_DEPTH = 5;

/** String forms of bound values worth masking (short values like `1` would mask unrelated text). */
function secretsOf(params: unknown): string[] {
  if (!Array.isArray(params)) return [];
  const out: string[] = [];
  for (const p of params) {
    if (p === null || p === undefined) continue;
    let s: string;
    if (typeof p === 'string') s = p;
    else if (typeof p === 'number' || typeof p === 'bigint' || typeof p === 'boolean') s = String(p);
    else if (p instanceof Date) s = p.toISOString();
    else if (Buffer.isBuffer(p)) continue;
    else {
      try {
        s = JSON.stringify(p);
      } catch {
        continue;
      }
      // Arrays bound as one parameter: mask their elements too.
      if (Array.isArray(p)) out.push(...secretsOf(p));
    }
    if (s.length >= 3) out.push(s);
    if (s.toLowerCase() !== s && s.length >= 3) out.push(s.toLowerCase());
  }
  // Longest first, so that a value containing another is masked whole.
  return [...new Set(out)].sort((a, b) => b.length - a.length);
}

function mask(text: string, secrets: string[]): string {
  let out = text;
  for (const s of secrets) if (out.includes(s)) out = out.split(s).join(MASK);
  return out;
}


/**
 * A loggable copy of `err` (any thrown value), with the bound values of any failed query removed.
 * `inherited` are values to mask already known from an outer error.
 */
export function safeError(err: unknown, inherited: string[] = [], depth = 0): SafeError {
  if (err === null || typeof err !== 'object') {
    const message = mask(String(err), inherited);
    return { type: typeof err, message, stack: `${typeof err}: ${message}` };
  }
  const e = err as Error & Record<string, unknown>;
  // Drizzle's error and PGlite's both carry the bound values in `params`.
  const secrets = Array.isArray(e.params) ? [...secretsOf(e.params), ...inherited].sort((a, b) => b.length - a.length) : inherited;
  const rawMessage = typeof e.message === 'string' ? e.message : '';
  const isQuery = err instanceof DrizzleQueryError || rawMessage.startsWith('Failed query: ');
  const type = isQuery ? 'DrizzleQueryError' : typeof e.name === 'string' && e.name ? e.name : 'Error';
  const message = isQuery
    ? typeof e.query === 'string'
      ? `Failed query: ${e.query}`
      : mask(rawMessage.split('\nparams:')[0], secrets)
    : mask(rawMessage, secrets);
  const frames = typeof e.stack === 'string' ? e.stack.split('\n').filter((line) => /^\s+at /.test(line)) : [];
  const out: SafeError = { type, message, stack: [`${type}: ${message}`, ...frames.map((f) => mask(f, secrets))].join('\n') };
  for (const k of KEPT) if (typeof e[k] === 'string') out[k] = mask(e[k] as string, secrets);
  if (typeof e.statusCode === 'number') out.statusCode = e.statusCode;
  if (e.cause !== undefined && depth < MAX_DEPTH) out.cause = safeError(e.cause, secrets, depth + 1);
  return out;
}

/** Pino serializer for `err`: the `safeError` view of the logged error. */
export function logSafeError(err: unknown): SafeError {
  return safeError(err);
}

/** Human-readable text of an error for stderr (stack, then each cause), without bound values. */
export function formatSafeError(err: unknown): string {
  const lines: string[] = [];
  let e: SafeError | undefined = safeError(err);
  let prefix = '';
  while (e) {
    const extra = KEPT.filter((k) => e![k]).map((k) => `${k}: ${e![k]}`);
    lines.push(prefix + e.stack + (extra.length ? `\n    (${extra.join(', ')})` : ''));
    e = e.cause;
    prefix = 'Caused by: ';
  }
  return lines.join('\n') + '\n';
}

/**
 * Prints `text` on `stream` with its control characters escaped (line feeds kept, and the characters of `keep`).
 * @param keep - further characters the caller writes on purpose (e.g. '\r' to redraw a progress line)
 */
export function printSafe(stream: NodeJS.WritableStream, text: string, keep = ''): void {
  stream.write(escapeControls(text, `\n${keep}`));
}

/** `printSafe` on stdout. */
export function printOut(text: string, keep = ''): void {
  printSafe(process.stdout, text, keep);
}

/** `printSafe` on stderr. */
export function printErr(text: string, keep = ''): void {
  printSafe(process.stderr, text, keep);
}

/**
 * `value` as one JSON line (with its line feed) whose every control, separator or bidi character is a `\uNNNN`
 * escape: JSON.stringify leaves DEL, the C1 controls (e.g. CSI, 0x9B) and U+2028 raw.
 */
export function jsonLine(value: unknown): string {
  return `${escapeControlsInJson(JSON.stringify(value))}\n`;
}

/**
 * Until the returned function is called, an uncaught exception or unhandled rejection (e.g. a failed
 * query while starting) is printed on stderr through `formatSafeError`, after `heading`, and the
 * process exits 1 — instead of Node printing the raw error with its bound values. Used by the entry
 * points (server/main.ts until closeWithGrace takes over, the CLI).
 * @returns the uninstall function
 */
export function printCrashesSafely(heading: string): () => void {
  const onCrash = (err: unknown) => {
    printErr(`${heading}\n${formatSafeError(err)}`);
    process.exit(1);
  };
  process.on('uncaughtException', onCrash);
  process.on('unhandledRejection', onCrash);
  return () => {
    process.off('uncaughtException', onCrash);
    process.off('unhandledRejection', onCrash);
  };
}
