/**
 * The price of a BODACC sale read from `origineFonds` (server/modules/feeds/bodacc/price.ts): every wording of
 * the 29 real sale notices of BODACC A n°20210005 (test/fixtures/bodacc/), and the other usual forms.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatPrice, parsePrice } from '../../server/modules/feeds/bodacc/price';

const SALES = fs.readFileSync(path.join(__dirname, '../fixtures/bodacc/RCS-A_BXA20210005_ventes.xml'), 'utf8');

describe('parsePrice', () => {
  it('reads the price of each of the 29 real sale notices', () => {
    const texts = [...SALES.matchAll(/<origineFonds>([^<]*)<\/origineFonds>/g)].map((m) => m[1]);
    expect(texts).toHaveLength(29);
    const prices = texts.map((t) => parsePrice(t));
    expect(prices.every((p) => p?.currency === 'EUR')).toBe(true);
    expect(prices.map((p) => Number(p!.amount))).toEqual([
      192691, 280000, 150000, 10000, 8000, 5000, 90000, 25000, 50000, 10000, 70000, 102000, 50000, 770000, 32500, 30000, 40000, 230000, 25000, 45000, 420000,
      240000, 63500, 90000, 130000, 30000, 18000, 55000, 50000,
    ]);
  });

  it('reads each wording: decimals with a comma or a dot, EUR, euros, Euros, €', () => {
    expect(parsePrice('Apport en société au montant évalué à 192691,00 euros.')).toEqual({ amount: '192691.00', currency: 'EUR' });
    expect(parsePrice('Etablissement principal acquis par achat au prix stipulé de 30000.00 EUR')).toEqual({ amount: '30000.00', currency: 'EUR' });
    expect(parsePrice('Etablissement principal acquis par achat au prix stipulé de 102000 Euros.')).toEqual({ amount: '102000.00', currency: 'EUR' });
    expect(parsePrice('Prix : 15000 EUR')).toEqual({ amount: '15000.00', currency: 'EUR' });
    expect(parsePrice('Prix stipulé : 150 000,00 euros')).toEqual({ amount: '150000.00', currency: 'EUR' });
    expect(parsePrice('Prix stipulé : 150\u00a0000,5 euros')).toEqual({ amount: '150000.50', currency: 'EUR' });
    expect(parsePrice('Achat au prix de 1.500.000 €')).toEqual({ amount: '1500000.00', currency: 'EUR' });
    expect(parsePrice('Vente moyennant le prix de 20 000 USD')).toEqual({ amount: '20000.00', currency: 'USD' });
  });

  it('finds no price where none is stated (kept as text by the importer)', () => {
    for (const t of ['Création', 'Achat', 'Fonds acquis par achat', 'Société au capital de 1000 euros', 'Prix non communiqué', '', null, undefined]) {
      expect(parsePrice(t), String(t)).toBeNull();
    }
  });
});

describe('formatPrice', () => {
  it('writes a price the French way', () => {
    expect(formatPrice({ amount: '192691.00', currency: 'EUR' })).toBe('192\u202f691\u00a0€');
    expect(formatPrice({ amount: '150000.50', currency: 'EUR' })).toBe('150\u202f000,50\u00a0€');
    expect(formatPrice({ amount: '20000.00', currency: 'USD' })).toBe('20\u202f000\u00a0USD');
  });
});
