/**
 * The error handler (server/http/errors.ts) on a bare Fastify instance: a 5xx is always the generic JSON
 * body, even when the failing handler had already declared an HTML response (the page fallback does).
 */
import fs from 'node:fs';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../server/lib/errors';
import { errorHandler } from '../../server/http/errors';

function app() {
  const f = Fastify({ logger: false });
  f.setErrorHandler(errorHandler);
  f.get('/html-then-throw', async (_req, reply) => {
    reply.type('text/html');
    throw new Error('ENOENT: index.html');
  });
  f.get('/html-stream-missing', async (_req, reply) => reply.type('text/html').send(fs.createReadStream('/nonexistent/index.html')));
  f.get('/app-error', async () => {
    throw new AppError(404, 'Group does not exist!');
  });
  return f;
}

describe('errorHandler', () => {
  it('answers a JSON 500 without details after an HTML type was set', async () => {
    const res = await app().inject('/html-then-throw');
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ message: 'Une erreur est survenue!' });
  });

  it('answers a JSON 500 when an HTML file stream fails (front end rebuilt under the server)', async () => {
    const res = await app().inject('/html-stream-missing');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Une erreur est survenue!' });
  });

  it('keeps the status and message of an AppError', async () => {
    const res = await app().inject('/app-error');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Group does not exist!' });
  });
});
