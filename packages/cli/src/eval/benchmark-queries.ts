import { seededRandom } from '@arsenal/core/adapter';
import { readTextFile } from '../catalog-loader.js';
import { CliError } from '../cli-error.js';

/**
 * One labelled request of a retrieval benchmark: `{id, query, relevant: [tool names]}`.
 *
 * @example
 * ```ts
 * import { type BenchmarkQuery, parseBenchmarkQueries } from '@arsenal/cli';
 *
 * const queries: BenchmarkQuery[] = parseBenchmarkQueries(
 *   '{"id":"easy-1","query":"weather in Oslo","relevant":["get_weather"]}\n',
 *   'queries.jsonl',
 * );
 * ```
 */
export interface BenchmarkQuery {
  id: string;
  query: string;
  relevant: string[];
}

const SHAPE_HINT =
  'each line must be {"id": "...", "query": "...", "relevant": ["tool_name", ...]}';

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/**
 * Parse JSONL benchmark queries; errors name the file and the line.
 *
 * @example
 * ```ts
 * import { parseBenchmarkQueries } from '@arsenal/cli';
 *
 * const queries = parseBenchmarkQueries(
 *   [
 *     '{"id":"easy-1","query":"weather in Oslo","relevant":["get_weather"]}',
 *     '{"id":"easy-2","query":"email the report to Ana","relevant":["send_email"]}',
 *   ].join('\n'),
 *   'queries.jsonl',
 * );
 * // A line that is not {id, query, relevant} is a CliError naming queries.jsonl and the line.
 * ```
 */
export function parseBenchmarkQueries(text: string, source: string): BenchmarkQuery[] {
  const queries: BenchmarkQuery[] = [];
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!.trim();
    if (line === '') continue;
    const at = `${source}:${index + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new CliError(`${at}: not valid JSON (${(error as Error).message})`, SHAPE_HINT, {
        cause: error,
      });
    }
    const record = (typeof value === 'object' && value !== null ? value : {}) as Record<
      string,
      unknown
    >;
    const id = typeof record.id === 'number' ? String(record.id) : record.id;
    if (typeof id !== 'string' || typeof record.query !== 'string' || record.query.trim() === '') {
      throw new CliError(`${at}: a query needs an "id" and a non-empty "query" string`, SHAPE_HINT);
    }
    if (!isStringArray(record.relevant) || record.relevant.length === 0) {
      throw new CliError(`${at}: "relevant" must be a non-empty array of tool names`, SHAPE_HINT);
    }
    queries.push({ id, query: record.query, relevant: [...new Set(record.relevant)] });
  }
  if (queries.length === 0) {
    throw new CliError(`${source} holds no queries`, SHAPE_HINT);
  }
  return queries;
}

/**
 * Read a JSONL file of benchmark queries; errors name the file and the line.
 *
 * @example
 * ```ts
 * import { loadBenchmarkQueries } from '@arsenal/cli';
 *
 * const queries = await loadBenchmarkQueries('bench/queries.jsonl');
 * console.log(queries.length, 'queries');
 * ```
 */
export async function loadBenchmarkQueries(path: string): Promise<BenchmarkQuery[]> {
  const text = await readTextFile(path, 'queries file', 'check the path given to --queries');
  return parseBenchmarkQueries(text, path);
}

/** `size` queries drawn without replacement, in their original order. */
export function sampleQueries<T>(items: readonly T[], size: number, seed: number): T[] {
  if (size >= items.length) return [...items];
  const random = seededRandom(seed);
  const indices = items.map((_, index) => index);
  for (let i = 0; i < size; i++) {
    const j = i + Math.floor(random() * (indices.length - i));
    [indices[i], indices[j]] = [indices[j]!, indices[i]!];
  }
  return indices
    .slice(0, size)
    .sort((a, b) => a - b)
    .map((index) => items[index]!);
}

/**
 * Subset labels of a query id: its dash-separated parts without the trailing number.
 * `test_in_domain-difficult-12` → `['test_in_domain', 'difficult']`; `single-00001` → `['single']`.
 */
export function subsetLabels(id: string): string[] {
  const parts = id.split('-');
  if (parts.length > 1 && /^\d+$/.test(parts[parts.length - 1]!)) parts.pop();
  return parts.length > 0 && parts.join('-') !== id ? parts : [];
}
