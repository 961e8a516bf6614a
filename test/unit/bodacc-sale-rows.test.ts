/**
 * Transaction rows (b1..b37) of the real sale notices of BODACC A n°20210005 (test/fixtures/bodacc/, see
 * PROVENANCE.md), field by field against what each notice states (server/modules/feeds/bodacc/sale.ts): the
 * nature of the operation and the meaning of its amount, every seller with their legal names, a country only
 * where the notice gives an address or a French registration, the investment direction left empty when the
 * notice does not fix it, the business sold when it is elsewhere than the buyer, and a correction said so.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Notice } from '../../server/modules/feeds/bodacc/notice';
import { readNotices } from '../../server/modules/feeds/bodacc/read';
import { SALE_COLUMNS, saleRow, type SaleRow } from '../../server/modules/feeds/bodacc/sale';

const SALES = fs.readFileSync(path.join(__dirname, '../fixtures/bodacc/RCS-A_BXA20210005_ventes.xml'));
const ISSUE = 'BODACC A n°20210005 du 08/01/2021';
const NBSP = '\u00a0';
const NNBSP = '\u202f';

let notices: Notice[];
/** The row of notice `n` of the bulletin. */
const row = (n: number): SaleRow => {
  const notice = notices.find((x) => x.noticeNumber === n)!;
  return saleRow(notice, notice.sale!);
};
/** The fields every row of the bulletin shares for notice `n`. */
const common = (n: number) => ({
  role: 'Acquéreur',
  transaction_number: `A20210005${n}`,
  announced_on: '2021-01-08',
  url: `https://www.bodacc.fr/pages/annonces-commerciales-detail/?q.id=id:A20210005${n}`,
  source: `${ISSUE}, avis n°${n}`,
  currency: 'EUR',
  target_name: null,
  target_country: 'France',
  french_investment_abroad: null,
  foreign_investment_in_france: null,
  buyer_iso1: null,
});

beforeAll(async () => {
  notices = [];
  for await (const r of readNotices(Readable.from([SALES]))) notices.push(r.notice);
});

describe('the nature of the operation and its amount', () => {
  it('notice 1: « Apport en société au montant évalué à 192691,00 euros » is a contribution at a valuation, not a purchase', () => {
    expect(row(1)).toEqual({
      ...common(1),
      siren: '892606575',
      company_name: 'BELLEVUE',
      deal_type1: 'Apport de fonds en société',
      // The notice's own category, word for word, although it says « Achat ».
      deal_type2: "Achat d'un établissement principal par une personne morale lors de l'immatriculation",
      amount: '192691.00',
      acquirer_name: 'BELLEVUE',
      acquirer_siren: '892606575',
      acquirer_country: 'France',
      seller_name: 'Jérémie Laminette',
      seller_sirens: ['753166792'],
      seller_country: 'France',
      description: `Jérémie Laminette apporte un fonds de commerce à BELLEVUE, évalué à 192${NNBSP}691${NBSP}€.`,
      // The business sold is at the buyer's own address (22 rue de Bellevue, Saint-Quentin): nothing to add.
      description_complement: null,
    });
  });

  it('notice 515: « précédemment exploité en location-gérance acquis par achat » is a purchase by the lessee-manager', () => {
    expect(row(515)).toMatchObject({ deal_type1: 'Achat de fonds par le locataire-gérant', deal_type2: "Achat d'un fonds par le locataire-gérant personne morale", amount: '63500.00' });
  });

  it('a stated price is a price: « Achat au prix stipulé de 280000,00 euros » (notice 9)', () => {
    expect(row(9)).toMatchObject({ deal_type1: 'Achat de fonds', amount: '280000.00', description: `GARAGE THOMAS acquiert un fonds de commerce de Bernard Thomas pour 280${NNBSP}000${NBSP}€.` });
  });

  it('notice 516 sells a « Fonds artisanal », and says so', () => {
    expect(row(516).description).toBe(`LA BOULANGERIE DE MAX acquiert un fonds artisanal de SAVEUR ET TRADITION ARTISAN BOULANGER pour 90${NNBSP}000${NBSP}€.`);
  });
});

describe('every seller, with the legal name', () => {
  it('notice 515 names three previous owners: all in b19 and the description, the one SIREN given in b20', () => {
    expect(row(515)).toEqual({
      ...common(515),
      siren: '342012002',
      company_name: 'CARMAUX TOURISME',
      deal_type1: 'Achat de fonds par le locataire-gérant',
      deal_type2: "Achat d'un fonds par le locataire-gérant personne morale",
      amount: '63500.00',
      acquirer_name: 'CARMAUX TOURISME',
      acquirer_siren: '342012002',
      acquirer_country: 'France',
      seller_name: "Jean Léon Elie ROQUES, Thierry Bernard ROQUES, Pascale Dominique Sylvie ROQUES (nom d’usage ROLLAND)",
      seller_sirens: ['312118755'],
      // Two of the three are « RCS non inscrit » with no address: their country is not stated.
      seller_country: null,
      description:
        "CARMAUX TOURISME, précédemment locataire-gérant, acquiert un fonds de commerce de Jean Léon Elie ROQUES, Thierry Bernard ROQUES et Pascale Dominique Sylvie ROQUES (nom d’usage ROLLAND) pour 63\u202f500\u00a0€.",
      description_complement: null,
    });
  });

  it('notice 549: the seller is FOUCHIER, with the usage name SPAZIANO beside it, never in its place', () => {
    expect(row(549)).toMatchObject({
      seller_name: "Sylvie FOUCHIER (nom d’usage SPAZIANO)",
      seller_sirens: ['450427521'],
      seller_country: 'France',
      description: `SYLVIE PALETTES ET FILS acquiert un fonds de commerce de Sylvie FOUCHIER (nom d’usage SPAZIANO) pour 18${NNBSP}000${NBSP}€.`,
    });
  });

  it('a usage name equal to the birth name is not repeated (notices 73 and 548)', () => {
    expect(row(73).seller_name).toBe('Maurice GRAND');
    expect(row(548).seller_name).toBe('Olivier PEREZ');
  });
});

describe('nothing inferred', () => {
  it('notices 9, 185 and 571: sellers « RCS non inscrit » without an address have no country', () => {
    for (const [n, seller] of [
      [9, 'Bernard Thomas'],
      [185, 'Antonio Martins'],
      [571, 'Baptiste Doret'],
    ] as const) {
      expect(row(n), String(n)).toMatchObject({ seller_name: seller, seller_sirens: [], seller_country: null });
    }
  });

  it('notice 185: a buyer registered at the RCS of Paris with no address is French by its registration', () => {
    expect(row(185)).toEqual({
      ...common(185),
      siren: '849462668',
      company_name: 'Xu Liu',
      deal_type1: 'Achat de fonds',
      deal_type2: "Autre achat, apport, attribution (immatriculation d'une personne physique, uniquement)",
      amount: '230000.00',
      acquirer_name: 'Xu Liu',
      acquirer_siren: '849462668',
      acquirer_country: 'France',
      seller_name: 'Antonio Martins',
      seller_sirens: [],
      seller_country: null,
      description: `Xu Liu acquiert un fonds de commerce d’Antonio Martins pour 230${NNBSP}000${NBSP}€.`,
      // The buyer's address is not given: where the business is, and what it does, is kept. The previous
      // operator is the previous owner himself, so he is not named twice.
      description_complement: `Fonds situé 14 avenue de Tourville, 75007 Paris (activité${NBSP}: Marchands de vins brasserie gérance de débit de tabac validation de la française des jeux).`,
    });
  });

  it('none of the 29 rows states an investment direction or a buyer ISO code: the notices fix none', () => {
    const rows = notices.map((n) => saleRow(n, n.sale!));
    expect(rows).toHaveLength(29);
    // Every field of a row is a column the merge writes and a rebuild rewrites.
    expect(Object.keys(rows[0]).sort()).toEqual([...SALE_COLUMNS].sort());
    for (const r of rows) expect(r, r.transaction_number).toMatchObject({ french_investment_abroad: null, foreign_investment_in_france: null, buyer_iso1: null });
    // Sellers' countries: stated for every seller registered at a court (or a company with its SIREN), else empty.
    expect(rows.filter((r) => r.seller_country === 'France').length).toBe(25);
    expect(rows.filter((r) => r.seller_country === null).map((r) => r.transaction_number)).toEqual(['A202100059', 'A20210005185', 'A20210005515', 'A20210005571']);
  });
});

describe('the business sold, corrections', () => {
  it('notice 188 is a correction: b35 names the notice it corrects, then where the business sold is', () => {
    expect(row(188)).toMatchObject({
      deal_type1: 'Achat de fonds',
      amount: '420000.00',
      description: `PARCELLES acquiert un fonds de commerce de FLOG pour 420${NNBSP}000${NBSP}€.`,
      description_complement: `Avis rectificatif de l’avis n°682 du BODACC A n°20200253 du 30/12/2020. Fonds situé 13 rue Chapon, 75003 Paris (activité${NBSP}: Bar-restaurant).`,
    });
  });

  it('notices 46, 517 and 548: a business sold away from the buyer gets its address and activity in b35', () => {
    expect(row(517).description_complement).toBe(`Fonds situé la Guimerie, 81450 Le Garric (activité${NBSP}: Courtage en assurance).`);
    expect(row(548).description_complement).toBe(`Fonds situé 898 Route Du Beausset, 83150 Bandol (activité${NBSP}: Vente de fromages, produits à base d'olives).`);
    expect(row(46).description_complement).toBe(
      `Fonds situé 4 et 6 Place Louis Gillain, 27500 Pont-Audemer (activité${NBSP}: Vente de prêt à porter et tous accessoires s'y rapportant et plus généralement équipement de la personne).`,
    );
  });

  it('the same address written differently is the same place (notices 9, 184, 516, 549: hyphens, case, a shopping centre, a letter)', () => {
    for (const n of [9, 184, 516, 549]) expect(row(n).description_complement, String(n)).toBeNull();
  });

  it('a trade name of the business sold is its target name (notice 96: « L \'OLIVIER »)', () => {
    expect(row(96)).toMatchObject({ target_name: "L 'OLIVIER", description_complement: expect.stringMatching(/^Fonds situé 10 place Henri Basle, 44250 Saint Brevin les Pins \(« L 'OLIVIER », activité/) });
  });
});

describe('saleNature and amountKind on the usual wordings of origineFonds', () => {
  it('reads the nature from origineFonds first, then from a category that states it alone', async () => {
    const { saleNature, amountKind } = await import('../../server/modules/feeds/bodacc/nature');
    expect(saleNature('Apport en société au montant évalué à 192691,00 euros.', "Achat d'un établissement principal")).toBe('contribution');
    expect(saleNature('Fonds acquis par achat au prix stipulé de 230000,00 euros.', 'Autre achat, apport, attribution')).toBe('purchase');
    expect(saleNature('Etablissement principal précédemment exploité en location-gérance acquis par achat au prix stipulé de 63500 Euros.', null)).toBe('lessee_purchase');
    expect(saleNature('Attribution par voie de partage', null)).toBe('allotment');
    expect(saleNature('Licitation', null)).toBe('licitation');
    expect(saleNature('Fonds reçu par donation', null)).toBe('donation');
    expect(saleNature('Fonds recueilli dans la succession de …', null)).toBe('inheritance');
    expect(saleNature('Transmission universelle de patrimoine', null)).toBe('merger');
    expect(saleNature('Adjudication', null)).toBe('auction');
    expect(saleNature(null, "Achat d'un fonds par le locataire-gérant personne morale")).toBe('lessee_purchase');
    expect(saleNature(null, "Mise en activité d'une société suite à achat")).toBe('purchase');
    // « Autre achat, apport, attribution » names three natures: it says none.
    expect(saleNature(null, "Autre achat, apport, attribution (immatriculation d'une personne morale, uniquement)")).toBe('unknown');
    expect(saleNature(null, null)).toBe('unknown');
    expect(amountKind('Achat au prix stipulé de 280000,00 euros.')).toBe('price');
    expect(amountKind('Apport en société au montant évalué à 192691,00 euros.')).toBe('valuation');
    expect(amountKind('pour un montant de 1000 euros')).toBe('amount');
  });

  it('describes an operation whose nature the notice does not state without naming one', () => {
    const notice = notices.find((x) => x.noticeNumber === 95)!;
    const sale = { ...notice.sale!, origin: 'Pour un montant de 10000,00 euros.' };
    expect(saleRow(notice, sale)).toMatchObject({
      deal_type1: 'Vente ou cession de fonds (nature non précisée)',
      amount: '10000.00',
      description: `Vente ou cession d’un fonds de commerce à Atelier R'eV d'Intérieur par Virginie Brigitte Fernandez, pour un montant de 10${NNBSP}000${NBSP}€.`,
    });
  });
});
