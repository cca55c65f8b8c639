import { canonicalJson } from '../hash/canonical-json.js';
import { isDestructiveTool } from '../policy/security-policy.js';
import type { Principal } from '../ports/executor.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import type { Outcome } from './call-outcome.js';
import { isIdempotentTool } from './retry.js';
import { takesControl } from './tool-set-filter.js';
import type { ToolCall, ToolResult } from './types.js';

/**
 * How a batch runs its calls: all at once, one by one in order, or `adaptive` (read-only calls at
 * once, the rest in order).
 */
export type BatchStrategy = 'parallel' | 'sequential' | 'adaptive';

/** Several tool calls to run in one round (`executeBatch`). */
export interface BatchRequest {
  calls: readonly ToolCall[];
  /** Default `adaptive`: read-only calls in parallel, calls that change things one by one in order. */
  strategy?: BatchStrategy;
  /** Stop at the first call that does not succeed; the rest are answered `cancelled`. */
  failFast?: boolean;
  /** Most distinct calls run this round; the rest are answered "over the limit". */
  maxCalls?: number;
  /** Used by calls that carry none. */
  principal?: Principal;
  traceId?: string;
  signal?: AbortSignal;
  /** Only these tools (names or qualified names) may be called this round; others are refused. */
  allowedTools?: readonly string[];
}

/** What `executeBatch` answers: one result per call, and counts. */
export interface BatchResult {
  /** One per call, in the order of `calls`. */
  results: ToolResult[];
  totalTimeMs: number;
  successCount: number;
  failureCount: number;
  /** Calls answered with another identical call's result. */
  deduplicatedCount: number;
  /** Calls refused because the round's call limit was reached. */
  overLimitCount: number;
  /** Calls to tools that take control of the conversation. */
  handOff: { index: number; tool: string }[];
}

/** What the batch runner needs from the engine. */
export interface BatchRunner {
  execute(call: ToolCall): Promise<ToolResult>;
  answer(call: ToolCall, outcome: Outcome): Promise<ToolResult>;
  describe(tool: string): ToolDefinition | undefined;
  now(): number;
}

function dedupKey(call: ToolCall, index: number): string {
  try {
    return `${call.tool}\u0000${call.principal?.id ?? ''}\u0000${canonicalJson(call.arguments ?? {})}`;
  } catch {
    return `\u0001${index}`;
  }
}

function linkSignals(signals: (AbortSignal | undefined)[]): AbortSignal | undefined {
  const present = signals.filter((signal): signal is AbortSignal => signal !== undefined);
  if (present.length <= 1) return present[0];
  return AbortSignal.any(present);
}

/** Run a round of calls with de-duplication, a call cap and one of three strategies. */
export async function runBatch(runner: BatchRunner, request: BatchRequest): Promise<BatchResult> {
  const started = runner.now();
  const calls = request.calls ?? [];
  const stop = new AbortController();
  const results: (Promise<ToolResult> | undefined)[] = new Array(calls.length);
  const firstOf = new Map<string, number>();
  const unique: number[] = [];
  let deduplicatedCount = 0;
  let overLimitCount = 0;
  const handOff: BatchResult['handOff'] = [];
  const limit = request.maxCalls ?? Number.POSITIVE_INFINITY;
  const prepared = calls.map((raw) => {
    const call: ToolCall = { ...raw };
    if (!call.principal && request.principal) call.principal = request.principal;
    if (!call.traceId && request.traceId) call.traceId = request.traceId;
    const signal = linkSignals([raw?.signal, request.signal, stop.signal]);
    if (signal) call.signal = signal;
    return call;
  });
  const duplicateOf: number[] = new Array(calls.length).fill(-1);
  prepared.forEach((call, index) => {
    const definition = typeof call.tool === 'string' ? runner.describe(call.tool) : undefined;
    if (definition && takesControl(definition)) handOff.push({ index, tool: definition.name });
    const key = dedupKey(call, index);
    const first = firstOf.get(key);
    if (first !== undefined) {
      duplicateOf[index] = first;
      deduplicatedCount++;
      return;
    }
    firstOf.set(key, index);
    if (unique.length >= limit) {
      overLimitCount++;
      results[index] = runner.answer(call, {
        status: 'rate_limited',
        error: {
          code: 'call_limit_exceeded',
          message: `Call ${index + 1} was not run: this round allows ${limit} distinct calls. Make it again in the next round if it is still needed.`,
          errorType: 'RateLimitError',
          retryable: false,
        },
      });
      return;
    }
    if (
      request.allowedTools &&
      definition &&
      !request.allowedTools.some(
        (name) => name === definition.name || name === definition.qualifiedName,
      )
    ) {
      results[index] = runner.answer(call, {
        status: 'permission_denied',
        error: {
          code: 'permission_denied',
          message: `Tool "${definition.name}" is not in this request's tool set; call one of: ${request.allowedTools.join(', ')}.`,
          errorType: 'PermissionDeniedError',
          retryable: false,
        },
      });
      return;
    }
    unique.push(index);
  });

  let failed = false;
  const runOne = (index: number): Promise<ToolResult> => {
    const call = prepared[index]!;
    if (failed && request.failFast) return runner.answer(call, skipped());
    const promise = runner.execute(call).then((result) => {
      if (
        request.failFast &&
        result.status !== 'success' &&
        result.status !== 'pending_confirmation'
      ) {
        failed = true;
        stop.abort();
      }
      return result;
    });
    results[index] = promise;
    return promise;
  };
  const runSequential = async (indexes: number[]) => {
    for (const index of indexes) results[index] = Promise.resolve(await runOne(index));
  };
  const strategy = request.strategy ?? 'adaptive';
  if (strategy === 'parallel') {
    await Promise.all(unique.map(runOne));
  } else if (strategy === 'sequential') {
    await runSequential(unique);
  } else {
    const safe: number[] = [];
    const ordered: number[] = [];
    for (const index of unique) {
      const definition = runner.describe(prepared[index]!.tool);
      const isSafe =
        !definition || (isIdempotentTool(definition) && !isDestructiveTool(definition));
      (isSafe ? safe : ordered).push(index);
    }
    await Promise.all([Promise.all(safe.map(runOne)), runSequential(ordered)]);
  }
  const settled = await Promise.all(results.map((promise) => promise));
  const final = settled.map((result, index) => {
    const first = duplicateOf[index]!;
    if (first >= 0) return { ...(settled[first] as ToolResult) };
    return result as ToolResult;
  });
  const successCount = final.filter((result) => result.status === 'success').length;
  return {
    results: final,
    totalTimeMs: runner.now() - started,
    successCount,
    failureCount: final.length - successCount,
    deduplicatedCount,
    overLimitCount,
    handOff,
  };
}

function skipped(): Outcome {
  return {
    status: 'cancelled',
    error: {
      code: 'skipped_after_failure',
      message: 'Not run: an earlier call in this failFast batch did not succeed.',
      errorType: 'CancelledError',
      retryable: true,
    },
  };
}
