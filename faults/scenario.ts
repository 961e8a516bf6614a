/**
 * What a scenario of the fault suite is (faults/run.ts runs them): a name, and a `run` that injects its faults and
 * answers its figures, one JSON object per fault (`report`). An invariant that does not hold is recorded with
 * `expect` (a sentence saying what was expected and what was found) and fails the suite; the
 * scenario goes on, so that one run reports every broken invariant; each report carries `ok` and the invariants
 * broken since the previous report (`broken`).
 */
import type { Cluster } from './cluster';

/** What every scenario receives. */
export interface FaultContext {
  /** Size of the inputs (FAULTS_ROWS): rows of a news, deals or Sirene file; a BODACC bulletin has a tenth of it in notices. */
  rows: number;
  /** A new empty database of the suite's server: its name and URL (dropped at the end). */
  database(label: string): Promise<{ name: string; url: string }>;
  /** The URL of a maintenance connection (database `postgres`) on the same server. */
  adminUrl: string;
  /** The suite's own cluster; undefined when FAULTS_DATABASE_URL names another server (no restart scenario then). */
  cluster?: Cluster;
  /** A new temporary folder (deleted at the end). */
  tmpdir(label: string): string;
  /** A progress line on stderr. */
  log(message: string): void;
  /** Records the figures of one fault (printed as one JSON line on stdout). */
  report(figures: Figures): void;
  /** Records a broken invariant unless `ok`. @returns ok */
  expect(ok: boolean, what: string): boolean;
}

/** The figures of one fault: its name first, then numbers and states. */
export type Figures = { fault: string } & Record<string, unknown>;

/** A scenario: `run` injects its faults and reports their figures. */
export interface Scenario {
  name: string;
  /** Whether it needs the suite's own cluster (it restarts PostgreSQL). */
  needsCluster?: boolean;
  run(ctx: FaultContext): Promise<void>;
}
