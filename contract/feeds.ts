/**
 * Data-feed payloads (issue 9; SPEC sections 2 "Supervision", 3 "Statistics import file" and "Supervision
 * file record", 7 `bodaccall`, `inseeCompanies`, `inseeLocations`), plus what the issue adds: the upload
 * of a feed file, the feed jobs under way, the feed health strip and the company lookup.
 *
 * - `GET /api/supervisions/bodaccall` -> FeedFileRecord[] (newest first, at most FEED_FILES_MAX)
 * - `GET /api/supervisions/inseeCompanies`, `GET /api/supervisions/inseeLocations` -> FeedFileRecord[] with `lines`
 * - `POST /api/supervisions/import/{bodacc|sirene}` (multipart `file`) -> 202 FeedImportResponse `{message, job}`
 * - `GET /api/supervisions/jobs?feed={bodacc|sirene}` -> JobResponse[] (queued or running feed jobs)
 * - `GET /api/supervisions/health` -> FeedHealth[] (one per feed: bodacc, sirene)
 * - `GET /api/companies/{siren}` -> CompanyResponse, or 404 `Entreprise inconnue au répertoire.`
 */
import { z } from 'zod';
import { siren } from './fields';
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

/** The SIREN of `GET /api/companies/{siren}`: spaces removed, 9 digits, Luhn (contract/siren.ts), else 422 errors.siren. */
export const companyParams = z.object({ siren: siren() });

export const companyResponse = z
  .object({
    siren: z.string(),
    name: z.string(),
    sigle: z.string().nullable(),
    /** A (active) or C (ceased). */
    state: z.string(),
    legal_form: z.string().nullable(),
    naf_code: z.string().nullable(),
    naf_nomenclature: z.string().nullable(),
    created_on: z.string().nullable(),
    head_office: z
      .object({
        siret: z.string(),
        address_line1: z.string().nullable(),
        address_line2: z.string().nullable(),
        postcode: z.string().nullable(),
        commune_code: z.string().nullable(),
        commune_name: z.string().nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'Company' });
export type CompanyResponse = z.output<typeof companyResponse>;

/** Flag shown beside a valid SIREN that the register does not know (issue 9 section 1). */
export const UNKNOWN_TO_REGISTER = 'inconnu au répertoire';
