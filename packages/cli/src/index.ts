/**
 * The `arsenal` command line (`search`, `list`, `inspect`, `eval`, `serve`, `call`, `approve`,
 * `diff`) and the pieces it is built from, for programs that drive it. `runCli` runs a command
 * line against any `CliIO` and resolves to the exit code, never throwing; each command is also
 * callable with its parsed arguments (`searchCommand`, `listCommand`, `inspectCommand`,
 * `evalCommand`). The catalog loaders read JSON, JSONL and YAML tool catalogs with errors that
 * name the line, and the evaluation exports (`evaluateRetrieval`, the metrics, `createPlainBm25`)
 * measure retrieval quality on labelled queries the way `arsenal eval` and the quality gate do.
 *
 * @packageDocumentation
 */
export type { CatalogFileFormat } from './catalog-loader.js';
export {
  catalogFormatOf,
  loadCatalogFile,
  parseCatalogText,
  parseYamlCatalog,
} from './catalog-loader.js';
export { runCli } from './cli.js';
export { CliError } from './cli-error.js';
export type { EvalArgs } from './commands/eval.js';
export { evalCommand } from './commands/eval.js';
export type { InspectArgs } from './commands/inspect.js';
export { inspectCommand } from './commands/inspect.js';
export type { ListArgs } from './commands/list.js';
export { listCommand } from './commands/list.js';
export type { SearchArgs } from './commands/search.js';
export { searchCommand } from './commands/search.js';
export { demoCatalogFiles } from './demo-catalog.js';
export type { BenchmarkQuery } from './eval/benchmark-queries.js';
export { loadBenchmarkQueries, parseBenchmarkQueries } from './eval/benchmark-queries.js';
export type {
  EvaluationReport,
  LatencySummary,
  QualitySummary,
  RetrievalTrainer,
} from './eval/evaluate.js';
export { evaluateRetrieval } from './eval/evaluate.js';
export { mean, ndcgAtK, percentile, recallAtK, reciprocalRank } from './eval/metrics.js';
export type { PlainBm25Fields, Ranker } from './eval/plain-bm25.js';
export { createPlainBm25 } from './eval/plain-bm25.js';
export type { CliIO, MemoryWriter, Writer } from './io.js';
export { createMemoryWriter } from './io.js';
export { cliVersion } from './version.js';
