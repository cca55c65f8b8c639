import { ENGINE_TABLES } from './engine-tables.js';
import { HYGIENE_TABLES } from './hygiene-tables.js';
import { markdownTable, markedTables, provenanceLine, replaceTables } from './markdown.js';
import { PROTOCOL_TABLES } from './protocol-tables.js';
import { QUALITY_TABLES } from './quality-tables.js';
import { ResultFile } from './result-view.js';
import type { TableSpec } from './table-spec.js';
import { TARGET_TABLES } from './target-tables.js';
import { TOOL_SEARCH_TABLES } from './tool-search-tables.js';

export const TABLES: readonly TableSpec[] = [
  ...QUALITY_TABLES,
  ...ENGINE_TABLES,
  ...PROTOCOL_TABLES,
  ...TARGET_TABLES,
  ...TOOL_SEARCH_TABLES,
  ...HYGIENE_TABLES,
];

/** One table as it stands in the document: the rows, then where they come from. */
export function renderTable(spec: TableSpec, resultsDirectory: string): string {
  const files = spec.sources.map((source) => new ResultFile(resultsDirectory, source));
  const table = markdownTable(spec.headers, spec.rows(files));
  const sources = files.map((file) => provenanceLine(file.provenance));
  return `${table}\n\n${sources.join('\n')}`;
}

/**
 * The document with every marked table rebuilt from the results. A marker naming no known table,
 * or a known table with no marker, is an error: the document and the generator must agree.
 */
export function regenerate(
  document: string,
  resultsDirectory: string,
  tables: readonly TableSpec[] = TABLES,
): string {
  const byName = new Map(tables.map((spec) => [spec.name, spec]));
  const marked = markedTables(document);
  const unknown = marked.filter((name) => !byName.has(name));
  if (unknown.length > 0) {
    throw new Error(
      `docs/benchmarks.md marks tables no spec builds: ${unknown.join(', ')}. Add a spec in bench/tables/ or remove the marker.`,
    );
  }
  const unmarked = tables.filter((spec) => !marked.includes(spec.name)).map((spec) => spec.name);
  if (unmarked.length > 0) {
    throw new Error(
      `Tables with no marker in docs/benchmarks.md: ${unmarked.join(', ')}. Add <!-- bench:table name --> ... <!-- /bench:table --> where each belongs.`,
    );
  }
  return replaceTables(document, (name) => renderTable(byName.get(name)!, resultsDirectory));
}
