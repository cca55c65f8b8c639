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
