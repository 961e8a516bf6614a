/**
 * French sizes of the supervision pages' progress (web/src/lib/bytes.ts): decimal units, one decimal, French
 * symbols and decimal comma.
 */
import { describe, expect, it } from 'vitest';
import { bytesText } from '../../../web/src/lib/bytes';

describe('bytesText', () => {
  it('writes sizes as a French file manager does', () => {
    expect(bytesText(0)).toBe('0\u00a0o');
    expect(bytesText(999)).toBe('999\u00a0o');
    expect(bytesText(1500)).toBe('1,5\u00a0ko');
    expect(bytesText(48_123_456)).toBe('48,1\u00a0Mo');
    expect(bytesText(2_300_000_000)).toBe('2,3\u00a0Go');
  });
});
