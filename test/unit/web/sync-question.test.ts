/** The question Synchroniser asks before publishing the pending news (web/src/modules/news/pending/useSyncAll.ts). */
import { describe, expect, it } from 'vitest';
import { syncQuestion } from '../../../web/src/modules/news/pending/useSyncAll';

describe('syncQuestion', () => {
  it('gives the count, grouped in French, and agrees the noun', () => {
    expect(syncQuestion(1)).toBe('Publier 1 article\u00a0?');
    expect(syncQuestion(230)).toBe('Publier 230 articles\u00a0?');
    expect(syncQuestion(60_000)).toBe('Publier 60\u202f000 articles\u00a0?');
  });
});
