/**
 * The real BODACC notices the demo builds on (`npm run seed:demo`): the BODACC samples of `DEMO_FEED_SAMPLES`
 * (server/seed/demo-feeds.ts), read with the importer's own reader (`readNotices`,
 * server/modules/feeds/bodacc/read.ts), the same notices the feed jobs store in `announcements`. The demo's
 * deals, news and groups are built from these objects only, so that they state what the notices state and
 * nothing else (CONVENTIONS.md section 7 "Data truth").
 */
import fs from 'node:fs';
import { FEED_BODACC } from '../modules/feeds/kinds';
import type { Notice } from '../modules/feeds/bodacc/notice';
import { readNotices } from '../modules/feeds/bodacc/read';
import { DEMO_FEED_SAMPLES, FEED_FIXTURES_DIR, samplePath } from './demo-feeds';

/**
 * Every notice of the demo's BODACC samples, file by file in import order, each file in its own order; a
 * notice repeated in a later file (same bulletin, issue and number, which the importer stores once) is kept once.
 * A sample missing from the fixtures is skipped (the feeds step reports it).
 * @param fixturesDir - folder holding `bodacc/` (test/fixtures by default)
 * @throws AppError 422 when a sample cannot be read (as its import would fail)
 */
export async function demoNotices(fixturesDir = FEED_FIXTURES_DIR): Promise<Notice[]> {
  const notices: Notice[] = [];
  const seen = new Set<string>();
  for (const sample of DEMO_FEED_SAMPLES.filter((s) => s.kind === FEED_BODACC)) {
    const file = samplePath(sample.kind, sample.name, fixturesDir);
    if (!file) continue;
    for await (const { notice } of readNotices(fs.createReadStream(file))) {
      const key = `${notice.bulletin}${notice.issue}-${notice.noticeNumber}`;
      if (seen.has(key)) continue;
      seen.add(key);
      notices.push(notice);
    }
  }
  return notices;
}
