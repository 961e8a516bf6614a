/**
 * The French wording of the feed-health strip (web/src/components/feeds/healthText.ts):
 * the age against the expected period, the consecutive failures and the scheduled fetch.
 */
import { describe, expect, it } from 'vitest';
import { ageText, agoText, expectedText, failuresText, scheduledText } from '../../../web/src/components/feeds/healthText';

describe('feed health texts', () => {
  it('says how long ago in minutes, hours, then days', () => {
    expect(agoText(0)).toBe('il y a moins d’une minute');
    expect(agoText(25 / 60)).toBe('il y a 25\u00a0min');
    expect(agoText(3.7)).toBe('il y a 3\u00a0h');
    expect(agoText(47.9)).toBe('il y a 47\u00a0h');
    expect(agoText(24 * 40 + 5)).toBe('il y a 40\u00a0j');
  });

  it('names the expected period: daily for BODACC, monthly for INSEE', () => {
    expect(expectedText(24)).toBe('attendu chaque jour');
    expect(expectedText(744)).toBe('attendu chaque mois');
    expect(expectedText(168)).toBe('attendu chaque semaine');
    expect(expectedText(72)).toBe('attendu tous les 3\u00a0jours');
    expect(expectedText(6)).toBe('attendu toutes les 6\u00a0h');
  });

  it('joins the age and the period, or says that nothing succeeded yet', () => {
    expect(ageText({ age_hours: 3.2, expected_hours: 24 })).toBe('il y a 3\u00a0h — attendu chaque jour');
    expect(ageText({ age_hours: null, expected_hours: 744 })).toBe('aucun import réussi — attendu chaque mois');
  });

  it('counts failures and says whether the fetch is scheduled', () => {
    expect(failuresText(0)).toBe('Aucun échec');
    expect(failuresText(1)).toBe('1 échec consécutif');
    expect(failuresText(1200)).toBe('1\u202f200 échecs consécutifs');
    expect(scheduledText(true)).toBe('Récupération planifiée\u00a0: activée');
    expect(scheduledText(false)).toBe('Récupération planifiée\u00a0: désactivée');
  });
});
