/**
 * The files the fault scenarios import, generated at the size asked. Data truth (CONVENTIONS.md section 7): the
 * companies are fictitious (« Société fictive n », « SOCIETE FICTIVE n ») under SIRENs of the test series
 * (test/helpers/sirens.ts: 8 digits and the Luhn check digit), and the BODACC bulletin is made of the real public
 * notices of test/fixtures/bodacc (bench/feed-bodacc.ts `writeBulletin`, numbered anew in an issue of its own). Every
 * file lives in the suite's throwaway database only.
 */
import { DEAL_CSV_COLUMNS } from '../contract/deal-import';
import { COMPANY_COLUMNS } from '../server/modules/feeds/sirene/layouts';
import { validSiren } from '../test/helpers/sirens';

/** First 8-digit prefix of the SIRENs of attempt `n` (one range of a million per attempt, none shared). */
export const sirenBase = (n: number) => 20_000_000 + n * 1_000_000;

/**
 * A deals CSV (`;`, the columns of contract/deal-import.ts) of `rows` deals of one entity each, identifiers
 * `F<n>-<i>`: a fictitious company, no role or type (both optional), a date, a description, a link.
 */
export function dealsCsv(rows: number, n: number): Buffer {
  const lines = [DEAL_CSV_COLUMNS.join(';')];
  for (let i = 0; i < rows; i++) {
    const row: Record<string, string> = {
      deal_id: `F${n}-${i}`,
      deal_date: `${String((i % 28) + 1).padStart(2, '0')}/${String((i % 12) + 1).padStart(2, '0')}/2025`,
      siren: validSiren(i, sirenBase(n)),
      company_name: `Société fictive ${i}`,
      description: `Opération fictive numéro ${i}`,
      url: `https://www.example.com/faults/${n}/${i}`,
      source: 'Faults',
    };
    lines.push(DEAL_CSV_COLUMNS.map((c) => row[c] ?? '').join(';'));
  }
  return Buffer.from(lines.join('\r\n') + '\r\n', 'utf8');
}

/** A StockUniteLegale CSV (current layout) of `rows` fictitious active companies of attempt `n`. */
export function sireneCompaniesCsv(rows: number, n: number): Buffer {
  const lines = [COMPANY_COLUMNS.join(',')];
  for (let i = 0; i < rows; i++) {
    const values: Record<string, string> = {
      siren: validSiren(i, sirenBase(n)),
      statutDiffusionUniteLegale: 'O',
      dateCreationUniteLegale: `20${String(10 + (i % 15))}-0${1 + (i % 9)}-1${i % 10}`,
      trancheEffectifsUniteLegale: 'NN',
      dateDernierTraitementUniteLegale: '2025-12-01T05:25:38',
      nombrePeriodesUniteLegale: '1',
      categorieEntreprise: 'PME',
      anneeCategorieEntreprise: '2023',
      dateDebut: '2022-10-01',
      etatAdministratifUniteLegale: 'A',
      denominationUniteLegale: `SOCIETE FICTIVE ${n} ${i}`,
      categorieJuridiqueUniteLegale: '5710',
      activitePrincipaleUniteLegale: '62.01Z',
      nomenclatureActivitePrincipaleUniteLegale: 'NAFRev2',
      nicSiegeUniteLegale: '00012',
      economieSocialeSolidaireUniteLegale: 'N',
      caractereEmployeurUniteLegale: 'N',
    };
    lines.push(COMPANY_COLUMNS.map((c) => values[c] ?? '').join(','));
  }
  return Buffer.from(lines.join('\n') + '\n', 'utf8');
}

/** `bytes` as the multipart form of an upload (field `file`). */
export function fileForm(bytes: Buffer, filename: string, type = 'text/csv'): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  return form;
}
