/**
 * The limits of an INSEE Sirene stock file (configured in server/config.ts: SIRENE_MAX_LINE_BYTES,
 * SIRENE_MAX_ROWS, SIRENE_MAX_CSV_BYTES, SIRENE_MAX_ZIP_RATIO), checked as the file streams in (./input.ts).
 */

/**
 * The limits of a stock file. The real files (INSEE, 2025-2026): StockUniteLegale about 29 M rows and 4 GB of CSV,
 * StockEtablissement about 42 M rows and 9 GB, lines under 2 KB, zips that inflate about 5 times.
 */
export interface SireneLimits {
  /** Longest line, in bytes (SIRENE_MAX_LINE_BYTES). */
  maxLineBytes: number;
  /** Most data rows (lines after the header; SIRENE_MAX_ROWS). */
  maxRows: number;
  /** Most bytes of CSV, counted once inflated (SIRENE_MAX_CSV_BYTES). */
  maxCsvBytes: number;
  /** Most times a zip's CSV may outgrow the zip read so far (SIRENE_MAX_ZIP_RATIO). */
  maxZipRatio: number;
  /** CSV bytes read before the ratio is checked (a small file compresses better than a stock). */
  zipRatioFloorBytes: number;
}

/** Default limits: about twice the real stock files (see SireneLimits). */
export const DEFAULT_SIRENE_LIMITS: Readonly<SireneLimits> = Object.freeze({
  maxLineBytes: 64 * 1024,
  maxRows: 100_000_000,
  maxCsvBytes: 32 * 1024 ** 3,
  maxZipRatio: 50,
  zipRatioFloorBytes: 16 * 1024 * 1024,
});

