/** The amount of the deal form, grouped as the lists show it (web/src/lib/groupedAmount.ts). */
import { describe, expect, it } from 'vitest';
import { formatGroupedAmount, parseGroupedAmount } from '../../../web/src/lib/groupedAmount';

describe('grouped amounts', () => {
  it('groups by thousands the French way, with a decimal comma and no trailing zeros', () => {
    expect(formatGroupedAmount('289325000.00')).toBe('289\u202f325\u202f000');
    expect(formatGroupedAmount('1250.50')).toBe('1\u202f250,5');
    expect(formatGroupedAmount(12)).toBe('12');
    expect(formatGroupedAmount('-5')).toBe('-5');
    expect(formatGroupedAmount('')).toBe('');
  });

  it('formats a decimal string exactly, beyond a float’s precision', () => {
    expect(formatGroupedAmount('123456789012345678.25')).toBe('123\u202f456\u202f789\u202f012\u202f345\u202f678,25');
  });

  it('leaves the text as typed while the user types, and reads it back', () => {
    expect(formatGroupedAmount('2500000', { userTyping: true, input: '2 500 0' })).toBe('2 500 0');
    expect(parseGroupedAmount('2\u202f500\u202f000,75')).toBe('2500000.75');
    expect(parseGroupedAmount(' 1 000 ')).toBe('1000');
  });
});
