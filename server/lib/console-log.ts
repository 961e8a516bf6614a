/**
 * The server's console for a person at a terminal: when stdout is a TTY, `npm start`
 * pretty-prints the log through pino-pretty, logs each request at `debug` (`QuietRequestLog`: a page load would
 * otherwise scroll the start-up lines away), and prints the listening URL on its own line, with the first
 * sign-in again when its password was generated; otherwise the log stays one JSON object per line (log
 * collectors, files, pipes), requests at `info`. The app's serializers and redaction run before the stream, so a
 * pretty line hides what the JSON line hides.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
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

/**
 * Fastify's request log lines (`incoming request`, `request completed`) at `debug` instead of `info`; a request
 * that errored stays at `error`. For a terminal: `LOG_LEVEL=debug` shows them again.
 */
export class QuietRequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/**
 * The first sign-in, printed when the super administrator was just created with a generated password: the
 * email and that password (shown on this first start only: only its hash is stored).
 */
export function signInBlock(email: string, password: string): string {
  return `\n  Super administrateur créé\u00a0: ${email}\n  Mot de passe généré (affiché à ce premier démarrage seulement)\u00a0: ${password}\n\n`;
}
