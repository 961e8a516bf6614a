/**
 * Reading BODACC files into notices (server/modules/feeds/bodacc/read.ts, xml.ts, xml-notice.ts, json.ts,
 * ods-notice.ts), without a database: the real samples of test/fixtures/bodacc/, the same bytes cut into tiny
 * chunks (a UTF-8 character split across two chunks), the v1 and v2.1 shapes of the same records, the three
 * kinds of seller of a sale, and an Opendatasoft sale record (re-shaped from the real XML notice n°1: the
 * samples hold no real Opendatasoft sale).
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { logDescription, type Notice } from '../../server/modules/feeds/bodacc/notice';
import { sirensOf } from '../../server/modules/feeds/bodacc/values';
import { readNotices, sniffFormat } from '../../server/modules/feeds/bodacc/read';
import { saleRow } from '../../server/modules/feeds/bodacc/sale';

const DIR = path.join(__dirname, '../fixtures/bodacc');
const file = (name: string) => fs.readFileSync(path.join(DIR, name));
const SALES = file('RCS-A_BXA20210005_ventes.xml');
const OTHERS = file('RCS-A_BXA20210005_first30_other_avis.xml');

/** The notices of `bytes`, given to the reader in chunks of `size` bytes. */
async function notices(bytes: Buffer, size = 65536): Promise<Notice[]> {
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  const out: Notice[] = [];
  for await (const r of readNotices(Readable.from(chunks))) out.push(r.notice);
  return out;
}

describe('the DILA XML bulletins', () => {
  it('reads the 29 sales and the 30 other notices of BODACC A n°20210005', async () => {
    const sales = await notices(SALES);
    expect(sales).toHaveLength(29);
    expect(sales.every((n) => n.family === 'vente' && n.bulletin === 'A' && n.issue === '20210005' && n.issueDate === '2021-01-08' && n.sale)).toBe(true);
    const others = await notices(OTHERS);
    expect(others.map((n) => n.family).sort()).toEqual([...Array(29).fill('creation'), 'immatriculation']);
    expect(others.every((n) => n.sale === null)).toBe(true);
    expect(new Set([...sales, ...others].map((n) => n.noticeNumber)).size).toBe(59);
  });

  it('gives the same notices whatever the chunks (1, 7 bytes: UTF-8 characters split)', async () => {
    const whole = await notices(SALES);
    expect(await notices(SALES, 7)).toEqual(whole);
    expect(await notices(OTHERS.subarray(0, 20000), 1).catch((e: Error) => e.message)).toMatch(/^Le fichier XML est mal formé/);
  });

  it('reads a bulletin in the encoding its declaration names (windows-1252)', async () => {
    const latin = iconv.encode(SALES.toString('utf8').replace('encoding="utf-8"', 'encoding="windows-1252"'), 'windows-1252');
    const read = await notices(latin, 100);
    expect(read).toEqual(await notices(SALES));
  });

  it('takes every previous owner (precedentProprietairePM / PP) as a seller, and the previous operators apart', async () => {
    const sales = await notices(SALES);
    const pm = sales.find((n) => n.noticeNumber === 54)!;
    expect(pm.sale!.sellers).toEqual([{ name: 'TBO PNEUS', siren: '502262546', country: 'France', iso: 'FR' }]);
    const pp = sales.find((n) => n.noticeNumber === 1)!;
    expect(pp.sale).toEqual({
      buyer: { name: 'BELLEVUE', siren: '892606575', country: 'France', iso: 'FR' },
      buyerAddress: { line: '22 rue de Bellevue, 02100 Saint-Quentin', number: '22', street: 'rue de Bellevue', postcode: '02100', town: 'Saint-Quentin' },
      sellers: [{ name: 'Jérémie Laminette', siren: '753166792', country: 'France', iso: 'FR' }],
      operators: [],
      category: "Achat d'un établissement principal par une personne morale lors de l'immatriculation",
      origin: 'Apport en société au montant évalué à 192691,00 euros.',
      establishment: {
        activity: 'Coiffure, Onglerie et vente de produits annexes.',
        tradeName: null,
        address: { line: '22 rue de Bellevue, 02100 Saint-Quentin', number: '22', street: 'rue de Bellevue', postcode: '02100', town: 'Saint-Quentin' },
      },
    });
    expect(sales.filter((n) => n.sale!.sellers.some((s) => s.siren)).length).toBeGreaterThanOrEqual(16);
    // Notice 515: three previous owners, one registered (RCS Albi), two « RCS non inscrit » without an address.
    expect(sales.find((n) => n.noticeNumber === 515)!.sale!.sellers).toEqual([
      { name: 'Jean Léon Elie ROQUES', siren: '312118755', country: 'France', iso: 'FR' },
      { name: 'Thierry Bernard ROQUES', siren: null, country: null, iso: null },
      { name: "Pascale Dominique Sylvie ROQUES (nom d’usage ROLLAND)", siren: null, country: null, iso: null },
    ]);
    // Notice 185: the previous owner is also named as the previous operator; both « RCS non inscrit », no address.
    const n185 = sales.find((n) => n.noticeNumber === 185)!.sale!;
    expect(n185.sellers).toEqual([{ name: 'Antonio Martins', siren: null, country: null, iso: null }]);
    expect(n185.operators).toEqual([{ name: 'Antonio Martins', siren: null, country: null, iso: null }]);
    // The buyer of 185 is a person registered at the RCS of Paris, with no address: France by its registration.
    expect(n185.buyer).toEqual({ name: 'Xu Liu', siren: '849462668', country: 'France', iso: 'FR' });
    expect(n185.buyerAddress).toBeNull();
  });

  it('states a country only from an address or a French registration: abroad gives that country', async () => {
    const xml = SALES.toString('utf8');
    const first = /<avis>[\s\S]*?<\/avis>/.exec(xml)![0];
    const abroad = first
      .replace(/<adresse>\s*<france>[\s\S]*?<\/france>\s*<\/adresse>/, '<adresse><etranger><adresse>Rue de la Loi 16, 1000 Bruxelles</adresse><pays>BELGIQUE</pays></etranger></adresse>')
      .replace(/<numeroImmatriculation>[\s\S]*?<\/numeroImmatriculation>\s*<denomination>/, '<denomination>');
    const [sale] = await notices(Buffer.from(xml.replace(/<avis>[\s\S]*<\/avis>/, () => abroad)));
    expect(sale.sale!.buyer).toEqual({ name: 'BELLEVUE', siren: null, country: 'Belgique', iso: 'BE' });
    const row = saleRow(sale, sale.sale!);
    // A buyer stated abroad buying a business in France: a foreign investment in France (b27 YES, b26 NO, b28 BE).
    expect(row).toMatchObject({ acquirer_country: 'Belgique', foreign_investment_in_france: 1, french_investment_abroad: 2, buyer_iso1: 'BE', target_country: 'France' });
  });

  it('a sale without a stated price keeps its origineFonds text in the description complement', async () => {
    const xml = SALES.toString('utf8').replace('Achat au prix stipulé de 280000,00 euros.', 'Achat, prix non publié.');
    const sale = (await notices(Buffer.from(xml))).find((n) => n.noticeNumber === 9)!;
    const row = saleRow(sale, sale.sale!);
    expect(row).toMatchObject({
      amount: null,
      currency: null,
      description_complement: 'Origine du fonds\u00a0: Achat, prix non publié.',
      description: 'GARAGE THOMAS acquiert un fonds de commerce de Bernard Thomas.',
    });
    expect(logDescription(sale)).toBe('Vente et cession — BODACC A n°20210005 du 08/01/2021');
  });
});

describe('the Opendatasoft exports', () => {
  it('reads the v1 and v2.1 shapes of the same 3 records into the same notices', async () => {
    const v1 = await notices(file('ods_api_v1_search_registre_880878145.json'), 500);
    const v21 = await notices(file('ods_api_v21_records_registre_880878145.json'), 500);
    expect(v1).toHaveLength(3);
    const strip = (ns: Notice[]) => ns.map((n) => ({ ...n, raw: null }));
    expect(strip(v21)).toEqual(strip(v1));
    expect(strip(v1)[0]).toEqual({
      bulletin: 'B',
      issue: '20220227',
      issueDate: '2022-11-23',
      noticeNumber: 446,
      family: 'radiation',
      sirens: ['880878145'],
      companyName: 'Ganymède',
      court: 'GAAAreffe du Tribunal de Commerce de Paris',
      raw: null,
      url: 'https://www.bodacc.fr/pages/annonces-commerciales-detail/?q.id=id:B20220227446',
      sale: null,
      kind: 'annonce',
      previous: null,
    });
  });

  it('reads a cancellation (typeavis annulation) and the notice it names (parutionavisprecedent, JSON in a string)', async () => {
    const v1 = JSON.parse(file('ods_api_v1_search_registre_880878145.json').toString('utf8')) as { records: Array<{ fields: Record<string, unknown> }> };
    Object.assign(v1.records[0].fields, {
      typeavis: 'annulation',
      typeavis_lib: 'Avis d’annulation',
      parutionavisprecedent: JSON.stringify({ nomPublication: 'BODACC B', numeroParution: '20220200', dateParution: '2022-10-14', numeroAnnonce: 1234 }),
    });
    const [cancel] = await notices(Buffer.from(JSON.stringify(v1)));
    expect(cancel).toMatchObject({ kind: 'annulation', previous: { bulletin: 'B', issue: '20220200', noticeNumber: 1234 } });
    expect(logDescription(cancel)).toBe('Radiation (avis d’annulation) — BODACC B n°20220227 du 23/11/2022');
  });

  it('reads a bare array (the v2.1 exports endpoint)', async () => {
    const { results } = JSON.parse(file('ods_api_v21_records_registre_880878145.json').toString('utf8')) as { results: unknown[] };
    const read = await notices(Buffer.from(JSON.stringify(results)));
    expect(read.map((n) => n.family)).toEqual(['radiation', 'dpc', 'dpc']);
  });

  it('reads a sale record: buyer from listepersonnes, sellers from listeprecedentproprietaire, category, origin, business sold', async () => {
    const [xmlSale] = await notices(SALES);
    const fields = {
      id: 'A202100051',
      publicationavis: 'A',
      parution: '20210005',
      dateparution: '2021-01-08',
      numeroannonce: 1,
      typeavis: 'annonce',
      familleavis: 'vente',
      familleavis_lib: 'Ventes et cessions',
      tribunal: 'GREFFE DU TRIBUNAL DE COMMERCE DE ST-QUENTIN',
      commercant: 'BELLEVUE',
      registre: '892606575,892 606 575',
      listepersonnes: JSON.stringify({
        personne: {
          typePersonne: 'pm',
          numeroImmatriculation: { numeroIdentification: '892 606 575', codeRCS: 'RCS', nomGreffeImmat: 'Saint-Quentin' },
          denomination: 'BELLEVUE',
          adresseSiegeSocial: { numeroVoie: '22', typeVoie: 'rue', nomVoie: 'de Bellevue', codePostal: '02100', ville: 'Saint-Quentin', pays: 'France' },
        },
      }),
      listeprecedentproprietaire: JSON.stringify({
        personne: { typePersonne: 'pp', nom: 'Laminette', prenom: 'Jérémie', numeroImmatriculation: { numeroIdentification: '753 166 792', codeRCS: 'RCS', nomGreffeImmat: 'Saint-Quentin' } },
      }),
      acte: JSON.stringify({ vente: { categorieVente: "Achat d'un établissement principal par une personne morale lors de l'immatriculation" } }),
      listeetablissements: JSON.stringify({
        etablissement: {
          origineFonds: 'Apport en société au montant évalué à 192691,00 euros.',
          activite: 'Coiffure, Onglerie et vente de produits annexes.',
          adresse: { numeroVoie: '22', typeVoie: 'rue', nomVoie: 'de Bellevue', codePostal: '02100', ville: 'Saint-Quentin' },
        },
      }),
      url_complete: 'https://www.bodacc.fr/pages/annonces-commerciales-detail/?q.id=id:A202100051',
    };
    const [v1] = await notices(Buffer.from(JSON.stringify({ nhits: 1, records: [{ datasetid: 'annonces-commerciales', recordid: 'x', fields }] })));
    expect({ ...v1, raw: null }).toEqual({ ...xmlSale, raw: null });
    expect(saleRow(v1, v1.sale!)).toEqual(saleRow(xmlSale, xmlSale.sale!));
  });
});

describe('small pieces', () => {
  it('sirensOf keeps the 9-digit values, spaces removed, once', () => {
    expect(sirensOf(['880878145', '880 878 145', '880\u00a0878\u00a0145', 'W751234567', '12345678', '', null, 552032534])).toEqual(['880878145', '552032534']);
  });

  it('sniffFormat looks at the content', () => {
    expect(sniffFormat(Buffer.from('\ufeff  <?xml version="1.0"?>'))).toBe('xml');
    expect(sniffFormat(Buffer.from('\n{"records": []}'))).toBe('json');
    expect(sniffFormat(Buffer.from('[]'))).toBe('json');
    expect(sniffFormat(Buffer.from(' '.repeat(200) + '\n<RCS-A_IMMAT/>'))).toBe('xml');
    expect(sniffFormat(Buffer.from('siren;date'))).toBeUndefined();
  });
});
