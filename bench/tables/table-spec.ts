import type { ResultFile } from './result-view.js';

/** A generated table: the result files it reads and how they become rows. */
export interface TableSpec {
  /** The name in the markers `<!-- bench:table name -->` of docs/benchmarks.md. */
  name: string;
  /** Result files, by name without `.json` (`peers.runs`). */
  sources: string[];
  headers: string[];
  rows(files: ResultFile[]): string[][];
}
