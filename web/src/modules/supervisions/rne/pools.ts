/** The account pools in display order (contract/rne.ts `POOLS`, a value the web may not import). */
import type { PoolName } from './api';

/** Officers first (the first table), then filings. */
export const POOLS_IN_ORDER: readonly PoolName[] = ['officers', 'filings'];
