import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A figure across runs: the median and the range. One run: all three are that run's value. */
export interface Figure {
  median: number;
  min: number;
  max: number;
}

interface Machine {
  node?: string;
  cpu?: string;
  cores?: number;
  date?: string;
  loadAverage?: number[];
  commit?: string;
}

type Json = number | string | boolean | null | Json[] | { [key: string]: Json };

/** Where a table's numbers come from and how they were taken, as the result file records it. */
export interface Provenance {
  file: string;
  /** Runs combined into each figure; undefined when the file does not say. */
  runs: number | undefined;
  /** Whether the runs are separate processes combined by repeat.ts (median and range). */
  repeated: boolean;
  /** 1-minute load averages at the end of each run (empty when not recorded). */
  loads: number[];
  machines: Machine[];
}

/** One result file of bench/results, read as figures (median and range) and labels. */
export class ResultFile implements Values {
  readonly provenance: Provenance;
  readonly #first: Json;
  readonly #each: Json[];
  readonly #summary: Record<string, Figure> | undefined;

  /** `name.runs.json` (several runs, from repeat.ts) when there is one, else `name.json`. */
  constructor(directory: string, name: string) {
    const file = [`${name}.runs.json`, `${name}.json`].find((candidate) =>
      existsSync(join(directory, candidate)),
    );
    if (file === undefined) {
      throw new Error(
        `bench/results/${name}.json is missing: run the benchmark that writes it, or drop its table.`,
      );
    }
    const path = join(directory, file);
    const data = JSON.parse(readFileSync(path, 'utf8')) as Record<string, Json>;
    const each = Array.isArray(data.each) ? (data.each as Record<string, Json>[]) : undefined;
    this.#summary = each ? (data.summary as unknown as Record<string, Figure>) : undefined;
    this.#first = each ? (each[0] as Json) : data;
    const runs = each ? each : [data];
    this.#each = runs;
    const machines = runs.map((run) => (run.machine ?? {}) as Machine);
    this.provenance = {
      file,
      runs: each ? each.length : typeof data.runs === 'number' ? data.runs : undefined,
      repeated: each !== undefined,
      loads: machines.flatMap((machine) => machine.loadAverage?.slice(0, 1) ?? []),
      machines,
    };
  }

  /** The view at the file's root. */
  root(): ResultView {
    return new ResultView(this, '');
  }

  /** Each run on its own (one view for a single-run file), for tables with a row per run. */
  runs(): ResultView[] {
    return this.#each.map((run) => new ResultView(new RunValues(run), ''));
  }

  figure(path: string): Figure | undefined {
    if (this.#summary) return this.#summary[path];
    return new RunValues(this.#first).figure(path);
  }

  /** The first run's value at a path (labels, counts, anything not summarised). */
  value(path: string): Json | undefined {
    return valueAt(this.#first, path);
  }
}

/** Where a view reads figures and values: a whole result file, or one of its runs. */
interface Values {
  figure(path: string): Figure | undefined;
  value(path: string): Json | undefined;
}

/** One run's values: each figure is that run's value alone. */
class RunValues implements Values {
  constructor(private readonly run: Json) {}

  figure(path: string): Figure | undefined {
    const value = valueAt(this.run, path);
    return typeof value === 'number' ? { median: value, min: value, max: value } : undefined;
  }

  value(path: string): Json | undefined {
    return valueAt(this.run, path);
  }
}

function valueAt(root: Json, path: string): Json | undefined {
  let current: Json | undefined = root;
  if (path === '') return current;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, Json>)[key];
  }
  return current;
}

/** Part of a result file: a row of `results`, or the whole file. */
export class ResultView {
  constructor(
    readonly file: Values,
    readonly prefix: string,
  ) {}

  #path(key: string): string {
    return this.prefix ? `${this.prefix}.${key}` : key;
  }

  figure(key: string): Figure | undefined {
    return this.file.figure(this.#path(key));
  }

  text(key: string): string {
    const value = this.file.value(this.#path(key));
    return value === undefined || value === null ? '' : String(value);
  }

  /** The entries of an array (or an object) under `key`, each as a view; `''` for the root. */
  list(key: string): ResultView[] {
    const path = key === '' ? this.prefix : this.#path(key);
    const value = this.file.value(path);
    if (value === null || typeof value !== 'object') return [];
    return Object.keys(value)
      .filter((child) => child !== 'machine')
      .map((child) => new ResultView(this.file, path ? `${path}.${child}` : child));
  }

  at(key: string): ResultView {
    return new ResultView(this.file, this.#path(key));
  }
}
