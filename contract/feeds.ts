/**
 * Data-feed payloads (SPEC sections 2 "Supervision", 3 "Statistics import file" and "Supervision
 * file record", 7 `bodaccall`, `inseeCompanies`, `inseeLocations`), plus what vigie adds beyond the spec: the
 * upload of a feed file, the feed jobs under way, the feed health strip and the company lookup.
 *
 * - `GET /api/supervisions/bodaccall` -> FeedFileRecord[] (newest first, at most FEED_FILES_MAX)
 * - `GET /api/supervisions/inseeCompanies`, `GET /api/supervisions/inseeLocations` -> FeedFileRecord[] with `lines`
 * - `POST /api/supervisions/import/{bodacc|sirene}` (multipart `file`) -> 202 FeedImportResponse `{message, job}`
 * - `GET /api/supervisions/jobs?feed={bodacc|sirene}` -> JobResponse[] (queued or running feed jobs)
 * - `GET /api/supervisions/health` -> FeedHealth[] (one per feed: bodacc, sirene)
 * - `GET /api/companies/{siren}` -> CompanyResponse (the company, or only its establishments, with its head office and
 *   the nomenclatures' labels), or 404 `Entreprise inconnue au répertoire.` when neither is known
 */
import { z } from 'zod';
import { importSummary } from './import-summary';
import { sirenOrSiret } from './fields';
import { jobResponse } from './jobs';

/** How many file records the supervision lists answer at most (newest first). */
export const FEED_FILES_MAX = 1000;
/** Largest feed file accepted by the upload (the INSEE monthly zips are larger: use the CLI or the inbox). */
export const FEED_UPLOAD_MAX_BYTES = 200 * 1024 * 1024;

/** The feeds whose files can be uploaded; `sirene` covers both INSEE stock files (companies, establishments). */
export const UPLOAD_FEEDS = ['bodacc', 'sirene'] as const;
export type UploadFeed = (typeof UPLOAD_FEEDS)[number];

export const feedFileRecord = z
  .object({
    id: z.number(),
    filename: z.string(),
    /** 1 ok, 0 failed. */
    status: z.number(),
    /** ISO 8601 instant. */
    date_creation: z.string(),
    /** Companies or establishments read (INSEE), notices read (BODACC). */
    lines: z.number(),
    /** French error, null when none. */
    error: z.string().nullable(),
    /** upload | cli | inbox | fetch */
    origin: z.string(),
    /** What the import did (rows read, created, updated, unchanged, log entries, SIRENs queued for the RNE); null when failed or not kept. */
    summary: importSummary.nullable(),
  })
  .meta({ id: 'FeedFileRecord' });
export type FeedFileRecord = z.output<typeof feedFileRecord>;

export const feedImportResponse = z.object({ message: z.string(), job: jobResponse }).meta({ id: 'FeedImport' });

export const feedParams = z.object({ feed: z.enum(UPLOAD_FEEDS, { error: () => 'Flux inconnu.' }) });
export const feedJobsQuery = z.object({ feed: z.enum(UPLOAD_FEEDS, { error: () => 'Flux inconnu.' }).optional() });

/** green: fresh; orange: late; red: much too late, or never succeeded; none: no file yet. */
export const HEALTH_LEVELS = ['green', 'orange', 'red', 'none'] as const;

export const feedHealth = z
  .object({
    feed: z.enum(UPLOAD_FEEDS),
    /** French label, e.g. `BODACC` or `INSEE Sirene`. */
    label: z.string(),
    /** ISO 8601 instant of the last file imported with status 1, null when none. */
    last_success: z.string().nullable(),
    /** Hours since last_success, null when none. */
    age_hours: z.number().nullable(),
    /** Expected period between two successes, in hours (24 for BODACC, 744 for INSEE). */
    expected_hours: z.number(),
    level: z.enum(HEALTH_LEVELS),
    /** Files or fetches that failed since the last success. */
    consecutive_failures: z.number(),
    /** Whether the scheduled fetch is configured (FEED_BODACC_URL / FEED_SIRENE_URL). */
    scheduled: z.boolean(),
  })
  .meta({ id: 'FeedHealth' });
export type FeedHealth = z.output<typeof feedHealth>;

/**
 * The SIREN of `GET /api/companies/{siren}`: spaces removed, 9 digits, Luhn (contract/siren.ts), else 422 errors.siren;
 * a valid SIRET names its company (`sirenOrSiret`: `/api/companies/55203253400703` is Danone's record).
 */
export const companyParams = z.object({ siren: sirenOrSiret() });

/** How many establishments `GET /api/companies/{siren}` lists at most (head office first; `establishments_total` counts all). */
export const COMPANY_ESTABLISHMENTS_MAX = 50;

/**
 * Where vigie knows a SIREN from: `companies`, its legal unit (INSEE StockUniteLegale); `establishments`,
 * only establishments of it (INSEE StockEtablissement), so that the company's own fields are null; `bodacc`, only
 * a stored BODACC notice naming it (as a registered person or a seller), whose name is the notice's.
 */
export const COMPANY_KNOWN_FROM = ['companies', 'establishments', 'bodacc'] as const;
export type CompanyKnownFrom = (typeof COMPANY_KNOWN_FROM)[number];

/** An establishment of the register (INSEE StockEtablissement), as the company lookup gives it. */
export const companyEstablishment = z
  .object({
    siret: z.string(),
    /** A (active) or F (closed): INSEE `etatAdministratifEtablissement`. */
    state: z.string(),
    /** Whether `state` is F (closed). */
    closed: z.boolean(),
    /** INSEE `etablissementSiege` as the file gave it. */
    head_office: z.boolean(),
    /** The establishment's sign or usual name (enseigne), null when none: never the company's name. */
    name: z.string().nullable(),
    naf_code: z.string().nullable(),
    /** NAFRev2, NAFRev1, NAF1993 or NAP. */
    naf_nomenclature: z.string().nullable(),
    /** Label of `naf_code` in NAF rév. 2, null for another nomenclature or an unknown code. */
    naf_label: z.string().nullable(),
    address_line1: z.string().nullable(),
    address_line2: z.string().nullable(),
    postcode: z.string().nullable(),
    commune_code: z.string().nullable(),
    commune_name: z.string().nullable(),
    /** YYYY-MM-DD, null when INSEE gives none. */
    created_on: z.string().nullable(),
  })
  .meta({ id: 'CompanyEstablishment' });
export type CompanyEstablishment = z.output<typeof companyEstablishment>;

/**
 * What the register knows of a SIREN. When `known_from` is `establishments`, the company's own fields (`name` to
 * `created_on`) are null: the register has no legal unit for it, and an establishment's sign is not its name. When
 * it is `bodacc`, `name` is the one the notice gives (null when it gives none) and `notice` names that notice.
 */
export const companyResponse = z
  .object({
    siren: z.string(),
    known_from: z.enum(COMPANY_KNOWN_FROM),
    name: z.string().nullable(),
    sigle: z.string().nullable(),
    /** A (active) or C (ceased); null when known only by establishments. */
    state: z.string().nullable(),
    /** Catégorie juridique (INSEE niveau III, e.g. 5710). */
    legal_form: z.string().nullable(),
    /** Its INSEE label (e.g. « SAS, société par actions simplifiée »), null when unknown. */
    legal_form_label: z.string().nullable(),
    naf_code: z.string().nullable(),
    naf_nomenclature: z.string().nullable(),
    /** Label of `naf_code` in NAF rév. 2, null for another nomenclature (NAFRev1, NAF1993, NAP) or an unknown code. */
    naf_label: z.string().nullable(),
    created_on: z.string().nullable(),
    /** The head office when the register stores it (closed ones too: `closed`), else null. */
    head_office: companyEstablishment.nullable(),
    /** Its establishments, head office first, then the active ones, by SIRET; COMPANY_ESTABLISHMENTS_MAX at most. */
    establishments: z.array(companyEstablishment),
    /** How many establishments the register holds for the SIREN. */
    establishments_total: z.number(),
    /**
     * When `known_from` is `bodacc`: the latest stored notice naming the SIREN (`BODACC A n°20210005 du 08/01/2021,
     * avis n°1` and its page on bodacc.fr), the source of `name`; else null.
     */
    notice: z.object({ label: z.string(), url: z.string() }).nullable(),
  })
  .meta({ id: 'Company' });
export type CompanyResponse = z.output<typeof companyResponse>;

/** Flag shown beside a valid SIREN that the register does not know. */
export const UNKNOWN_TO_REGISTER = 'inconnu au répertoire';
