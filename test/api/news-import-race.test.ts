/**
 * One news import at a time per administrator (SPEC section 4 "CSV news import flow"), held under parallel
 * uploads: eight files sent at once by one administrator give exactly one accepted import (202) and seven 422
 * `errors.file` with the rule's message; the accepted import's rows are then processed. On PostgreSQL the check and
 * the job's creation ran on different connections and let two or three through, after which Process failed for
 * ever. API tests on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createCategory, csvText, upload, utf8, waitForJob } from '../helpers/news';
import { validSiren } from '../helpers/sirens';

const BUSY = 'Un import est déjà en cours\u00a0: attendez qu’il se termine.';
const WAITING = 'Des lignes importées attendent déjà\u00a0: traitez-les (Process) ou annulez l’import avant d’en lancer un autre.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ FEED_INBOX: 'false' });
});
afterAll(async () => t?.close());

describe('eight uploads at once by one administrator', () => {
  it('accepts exactly one; the others get the one-at-a-time message; Process then works', async () => {
    const { client } = await t.newAdmin();
    await createCategory(client, 'Économie course', 'Economy race');
    const files = Array.from({ length: 8 }, (_, i) =>
      utf8(csvText([[validSiren(900 + i), 'Nom', `Titre ${i}`, 'Économie course', 'Source', `https://www.example.com/course-${i}`, '01/02/2026']])),
    );
    await client.ensureCsrf();
    const answers = await Promise.all(files.map((f, i) => upload(client, `course-${i}.csv`, f)));
    const accepted = answers.filter((r) => r.statusCode === 202);
    const refused = answers.filter((r) => r.statusCode !== 202);
    expect(accepted.length, answers.map((r) => `${r.statusCode} ${r.body.slice(0, 100)}`).join('\n')).toBe(1);
    for (const r of refused) {
      expect(r.statusCode, r.body).toBe(422);
      const message = (r.json() as { message: string }).message;
      expect([BUSY, WAITING]).toContain(message);
      expect(r.json()).toEqual({ message, errors: { file: [message] } });
    }
    const job = await waitForJob(client, (accepted[0].json() as { job: { id: string } }).job.id);
    expect(job.state).toBe('done');
    const processed = await client.get('/api/news/process');
    expect(processed.statusCode, processed.body).toBe(200);
    expect((processed.json() as { count: number }).count).toBe(1);
  });
});
