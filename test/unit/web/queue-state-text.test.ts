/**
 * The officers page's banner title (web/src/modules/supervisions/queues/texts.ts): « Traitement en cours » only while
 * a worker holds a lease, otherwise why nothing moves, with the time since the last entry processed in French.
 */
import { describe, expect, it } from 'vitest';
import { agoText, stateBannerTitle } from '../../../web/src/modules/supervisions/queues/texts';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const before = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

describe('stateBannerTitle', () => {
  it('says « Traitement en cours » only while processing, else why nothing moves', () => {
    expect(stateBannerTitle({ kind: 'processing', last_processed_at: before(1) }, NOW)).toBe('Traitement en cours');
    expect(stateBannerTitle({ kind: 'no_account', last_processed_at: null }, NOW)).toBe('Aucun traitement en cours\u00a0: aucun compte utilisable');
    expect(stateBannerTitle({ kind: 'worker_stopped', last_processed_at: before(5) }, NOW)).toBe('Aucun traitement en cours\u00a0: worker arrêté');
    expect(stateBannerTitle({ kind: 'idle', last_processed_at: before(50) }, NOW)).toBe('Aucun traitement en cours\u00a0: dernier traitement il y a 50\u00a0min');
    expect(stateBannerTitle({ kind: 'idle', last_processed_at: null }, NOW)).toBe('Aucun traitement en cours\u00a0: aucun traitement enregistré');
  });
});

describe('agoText', () => {
  it('counts minutes under an hour, hours under two days, then days', () => {
    expect(agoText(before(0.5), NOW)).toBe('il y a moins d’une minute');
    expect(agoText(before(1), NOW)).toBe('il y a 1\u00a0min');
    expect(agoText(before(59), NOW)).toBe('il y a 59\u00a0min');
    expect(agoText(before(60), NOW)).toBe('il y a 1\u00a0h');
    expect(agoText(before(47 * 60 + 59), NOW)).toBe('il y a 47\u00a0h');
    expect(agoText(before(3 * 24 * 60), NOW)).toBe('il y a 3\u00a0jours');
  });
});
