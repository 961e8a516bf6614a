/**
 * The server's console for a person at a terminal: when stdout is a TTY, `npm start`
 * pretty-prints the log through pino-pretty and prints the listening URL on its own line; otherwise the log
 * stays one JSON object per line (log collectors, files, pipes). The app's serializers and redaction run
 * before the stream, so a pretty line hides what the JSON line hides.
 */
import pretty from 'pino-pretty';

/** True when the log goes to a terminal (stdout is a TTY). */
export function isTerminal(stream: { isTTY?: boolean } = process.stdout): boolean {
  return stream.isTTY === true;
}

/**
 * A pino-pretty stream to stdout: colours, local time `HH:MM:ss`, no pid or hostname; synchronous, so the
 * last lines are not lost when the process ends. Pass it as `buildApp(ctx, { logStream })`.
 */
export function prettyLogStream(): NodeJS.WritableStream {
  return pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', sync: true });
}

/**
 * The lines printed once the server listens, for a terminal: what serves (`where`, e.g. 'PostgreSQL' or
 * 'PGlite dans ./data'), then the URL alone on its line, easy to copy or click.
 */
export function readyBanner(url: string, where: string): string {
  return `\n  vigie est prêt (${where})\u00a0:\n  ${url}\n\n`;
}
