import { InvalidArgumentError } from '../errors/arsenal-error.js';
import { SharedOutcomes } from '../execution/shared-state/shared-outcomes.js';
import type { StateSync } from '../execution/shared-state/state-sync.js';
import type { ToolCall, ToolResult } from '../execution/types.js';
import type { HistoryStore } from '../ports/history-store.js';
import type { Outcome } from '../retrieval/outcome-memory.js';
import type { ToolRetriever } from '../retrieval/tool-retriever.js';

/** Most recent retrievals remembered by trace id. */
const RECENT_QUERIES = 1000;

/**
 * What an Arsenal learns from outcomes: a successful call teaches retrieval the query it
 * answered (its own `query`, or the query of the retrieval whose trace id it carries), shared
 * with other replicas when state is shared, and replayed from audit history after a restart.
 */
export class OutcomeLearning {
  readonly enabled: boolean;
  readonly #retriever: ToolRetriever;
  readonly #history: HistoryStore | undefined;
  /** Learned outcomes shared with other replicas (with a shared state store). */
  readonly #shared: SharedOutcomes | undefined;
  /** Audit records already learned from, so replaying a history twice counts each once. */
  readonly #learnedRecords = new Set<string>();
  /** Recent retrievals by trace id, so a call made from one can teach its query. */
  readonly #recentQueries = new Map<string, string>();

  constructor(options: {
    enabled: boolean;
    retriever: ToolRetriever;
    history: HistoryStore | undefined;
    sync: StateSync | undefined;
  }) {
    this.enabled = options.enabled;
    this.#retriever = options.retriever;
    this.#history = options.history;
    this.#shared =
      options.sync && options.enabled
        ? new SharedOutcomes(options.sync, (outcome) => options.retriever.recordOutcome(outcome))
        : undefined;
  }

  /** A retrieval answered `query` under `traceId`. */
  retrieved(traceId: string, query: string): void {
    if (!this.enabled) return;
    this.#recentQueries.set(traceId, query);
    if (this.#recentQueries.size > RECENT_QUERIES)
      this.#recentQueries.delete(this.#recentQueries.keys().next().value as string);
  }

  /** The query a call answers: its own, or that of the retrieval it came from. */
  queryOf(call: ToolCall): string | undefined {
    return call.query ?? (call.traceId ? this.#recentQueries.get(call.traceId) : undefined);
  }

  /** A call made for `query` ended: a success teaches retrieval. */
  called(query: string | undefined, result: ToolResult): void {
    if (!this.enabled || !query || result.status !== 'success' || !result.qualifiedName) return;
    this.learn({ query, tool: result.qualifiedName });
    // Its audit record carries the call id: learnFromHistory will not count it again.
    this.#learnedRecords.add(result.callId);
  }

  learn(outcome: Outcome): void {
    this.#retriever.recordOutcome(outcome);
    this.#shared?.recorded(outcome);
  }

  /** See Arsenal.learnFromHistory. */
  async fromHistory(
    history: HistoryStore | undefined = this.#history,
    options: { limit?: number; since?: string } = {},
  ): Promise<number> {
    if (!history) {
      throw new InvalidArgumentError(
        'learnFromHistory needs a history store: pass one, or configure execution.historyStore.',
      );
    }
    const records = await history.query({
      status: 'success',
      limit: options.limit ?? 20_000,
      since: options.since,
    });
    let learned = 0;
    // Records come newest first; replay oldest first so recency decay and eviction stay right.
    for (const record of [...records].reverse()) {
      if (!record.query || this.#learnedRecords.has(record.id)) continue;
      this.#learnedRecords.add(record.id);
      this.#retriever.recordOutcome({
        query: record.query,
        tool: record.qualifiedName ?? record.tool,
        at: Date.parse(record.completedAt) || undefined,
      });
      learned++;
    }
    return learned;
  }
}
