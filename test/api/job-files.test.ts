/**
 * The one upload store of the jobs (server/jobs/files.ts) on both databases: an upload received into the database
 * or into a spool file reads back byte for byte; the queue removes a job's own input (chunks, spool file) when the
 * job ends, done or failed, and when a job is discarded, but never a file it was given by path.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../server/lib/errors';
import { z } from 'zod';
import { defineJob, type JobContext } from '../../server/jobs/define';
import { inputOf, jobInputSchema, openJobFile, receiveJobFile, type JobInput } from '../../server/jobs/files';
import { JobQueue } from '../../server/jobs/queue';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let queue: JobQueue;
let dir: string;
const KIND = `files-test-${Date.now()}`;
/** What each job read of its input. */
const read = new Map<string, Buffer>();

/** The test job's payload: its input, and whether to refuse it once read. */
const payloadSchema = z.object({ input: jobInputSchema.optional(), refuse: z.boolean().optional() });

async function run(ctx: JobContext<z.output<typeof payloadSchema>>) {
  const chunks: Buffer[] = [];
  for await (const chunk of openJobFile(ctx.database.db, ctx.job)) chunks.push(chunk as Buffer);
  read.set(ctx.job.id, Buffer.concat(chunks));
  if (ctx.payload.refuse) throw new AppError(422, 'Fichier refusé.');
  return { result: {} };
}

const definition = defineJob(KIND, payloadSchema, () => ({ run, cleanup: async () => {} }));

/** A 2.5 MiB body of varied bytes: more than two database chunks. */
const BODY = Buffer.from(Array.from({ length: 2.5 * 1024 * 1024 }, (_, i) => (i * 7919) % 251));

async function chunkCount(jobId: string): Promise<number> {
  const [{ n }] = await t.ctx.database.sql.rows<{ n: number }>('select count(*)::int as n from job_file_chunks where job_id = $1', [jobId]);
  return n;
}

/** Receives BODY for a new job (into `spoolDir` when given), then runs it to its end. */
async function runUpload(opts: { spoolDir?: string; refuse?: boolean }) {
  const job = await queue.create(definition, null, {});
  const received = await receiveJobFile(t.ctx.db, job.id, Readable.from([BODY.subarray(0, 1000), BODY.subarray(1000)]), { headBytes: 16, spoolDir: opts.spoolDir });
  expect(received.bytes).toBe(BODY.length);
  expect(received.head).toEqual(BODY.subarray(0, 16));
  const stored = { input: received.input, refuse: opts.refuse ?? false };
  if (received.input.kind === 'stored') expect(await chunkCount(job.id)).toBe(3);
  else expect(fs.statSync(received.input.path).size).toBe(BODY.length);
  await queue.dispatch(job, received.bytes, stored, { here: !!opts.spoolDir });
  const end = await queue.waitFor(job.id, { pollMs: 20 });
  return { job, end, input: received.input };
}

beforeAll(async () => {
  t = await createTestApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-files-'));
  queue = new JobQueue(t.ctx.database);
  queue.register(definition);
  await queue.start();
});
afterAll(async () => {
  await queue?.stop();
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the upload store of the jobs', () => {
  it('keeps an upload in the database chunks, reads it back whole and deletes the chunks when the job is done', async () => {
    const { job, end, input } = await runUpload({});
    expect(input).toEqual({ kind: 'stored' });
    expect(end.state).toBe('done');
    expect(read.get(job.id)!.equals(BODY)).toBe(true);
    await expect.poll(() => chunkCount(job.id)).toBe(0);
  });

  it('spools an upload under the data folder, reads it back whole and deletes the file when the job ends, done or failed', async () => {
    for (const refuse of [false, true]) {
      const { job, end, input } = await runUpload({ spoolDir: dir, refuse });
      expect(input.kind).toBe('spooled');
      expect((input as { path: string }).path).toBe(path.join(dir, 'uploads', job.id));
      expect(end.state).toBe(refuse ? 'failed' : 'done');
      expect(read.get(job.id)!.equals(BODY)).toBe(true);
      // Removed right after the job's end is written.
      await expect.poll(() => fs.existsSync((input as { path: string }).path)).toBe(false);
    }
  });

  it('a discarded job takes its spool file with it', async () => {
    const job = await queue.create(definition, null, {});
    const { input } = await receiveJobFile(t.ctx.db, job.id, Readable.from([BODY]), { headBytes: 0, spoolDir: dir });
    await queue.discard(job.id, input);
    expect(fs.existsSync((input as { path: string }).path)).toBe(false);
  });

  it('leaves in place a file it was given by path', async () => {
    const file = path.join(dir, 'given.csv');
    fs.writeFileSync(file, BODY);
    const job = await queue.create(definition, null, {});
    const input: JobInput = { kind: 'path', path: file };
    await queue.dispatch(job, BODY.length, { input }, { here: true });
    const end = await queue.waitFor(job.id, { pollMs: 20 });
    expect(end.state).toBe('done');
    expect(read.get(job.id)!.equals(BODY)).toBe(true);
    expect(fs.existsSync(file)).toBe(true);
  });

  it('reads a payload without `input` as a database upload', () => {
    expect(inputOf({ id: 'x', payload: { filename: 'a.csv' } })).toEqual({ kind: 'stored' });
    expect(inputOf({ id: 'x', payload: null })).toEqual({ kind: 'stored' });
  });
});
