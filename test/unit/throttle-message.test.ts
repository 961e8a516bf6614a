/**
 * The 429 text of a throttled attempt (server/modules/auth/throttle.ts): the
 * waiting time agrees in number with its French noun ('1 seconde', '2 secondes').
 */
import { describe, expect, it } from 'vitest';
import { throttledMessage } from '../../server/modules/auth/throttle';

describe('throttledMessage', () => {
  it('says "1 seconde" in the singular', () => {
    expect(throttledMessage(' de connexion', 1)).toBe('Trop de tentatives de connexion. Veuillez réessayer dans 1 seconde.');
  });

  it('says "secondes" from 2 on', () => {
    expect(throttledMessage(' de connexion', 2)).toBe('Trop de tentatives de connexion. Veuillez réessayer dans 2 secondes.');
    expect(throttledMessage('', 60)).toBe('Trop de tentatives. Veuillez réessayer dans 60 secondes.');
  });
});
