/**
 * FEED_PUSH_MAX_SIRENS (most SIRENs of one feed push, 1 to the contract's 10,000) and NEWS_TEMPORARY_TITLE_MAX_CHARS
 * (characters an imported news row keeps of an over-long title, above the 500 a title may have): defaults, values
 * taken, nonsense refused at start.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

describe('FEED_PUSH_MAX_SIRENS', () => {
  it('defaults to 10,000; takes a lower value; refuses 0, more than 10,000 and text', () => {
    expect(loadConfig({}).feedPushMaxSirens).toBe(10_000);
    expect(loadConfig({ FEED_PUSH_MAX_SIRENS: '500' }).feedPushMaxSirens).toBe(500);
    for (const bad of ['0', '10001', 'many', '-1']) expect(() => loadConfig({ FEED_PUSH_MAX_SIRENS: bad }), bad).toThrow(/FEED_PUSH_MAX_SIRENS/);
  });
});

describe('NEWS_TEMPORARY_TITLE_MAX_CHARS', () => {
  it('defaults to 1,000; takes 501 or more; refuses 500 and below', () => {
    expect(loadConfig({}).newsTemporaryTitleMaxChars).toBe(1000);
    expect(loadConfig({ NEWS_TEMPORARY_TITLE_MAX_CHARS: '501' }).newsTemporaryTitleMaxChars).toBe(501);
    for (const bad of ['500', '0', 'x']) expect(() => loadConfig({ NEWS_TEMPORARY_TITLE_MAX_CHARS: bad }), bad).toThrow(/NEWS_TEMPORARY_TITLE_MAX_CHARS/);
  });
});
