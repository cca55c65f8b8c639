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
  const prepared = prepareCalls(calls, request, stop.signal);
  const admitted = admitCalls(runner, request, prepared);
  const { results } = admitted;

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
    await Promise.all(admitted.unique.map(runOne));
  } else if (strategy === 'sequential') {
    await runSequential(admitted.unique);
  } else {
    const { safe, ordered } = splitBySafety(runner, prepared, admitted.unique);
    await Promise.all([Promise.all(safe.map(runOne)), runSequential(ordered)]);
  }
  const final = await settleResults(results, admitted.duplicateOf);
  const successCount = final.filter((result) => result.status === 'success').length;
  return {
    results: final,
    totalTimeMs: runner.now() - started,
    successCount,
    failureCount: final.length - successCount,
    deduplicatedCount: admitted.deduplicatedCount,
    overLimitCount: admitted.overLimitCount,
    handOff: admitted.handOff,
  };
}

/**
 * Each call with the round's defaults (principal, trace id) where it sets none, and a signal that
 * aborts when its own, the round's, or the round's fail-fast stop does.
 */
function prepareCalls(
  calls: readonly ToolCall[],
  request: BatchRequest,
  stop: AbortSignal,
): ToolCall[] {
  return calls.map((raw) => {
    const call: ToolCall = { ...raw };
    if (!call.principal && request.principal) call.principal = request.principal;
    if (!call.traceId && request.traceId) call.traceId = request.traceId;
    const signal = linkSignals([raw?.signal, request.signal, stop]);
    if (signal) call.signal = signal;
    return call;
  });
}

/** Which calls of a round run, and what the others are answered. */
interface Admission {
  /** A result for each call answered without running (over the limit, outside the tool set). */
  results: (Promise<ToolResult> | undefined)[];
  /** The calls to run, in order: the first of each set of identical calls. */
  unique: number[];
  /** For each call, the index of the identical call it repeats, or -1. */
  duplicateOf: number[];
  deduplicatedCount: number;
  overLimitCount: number;
  handOff: BatchResult['handOff'];
}

/**
 * Decide, in order, what becomes of each call: a repeat of an earlier identical call shares its
 * result; a call past the round's limit of distinct calls, or to a tool outside the request's
 * tool set, is answered at once; every other call runs. Calls to tools that take control of the
 * conversation are noted as hand-offs whatever becomes of them.
 */
function admitCalls(
  runner: BatchRunner,
  request: BatchRequest,
  prepared: readonly ToolCall[],
): Admission {
  const admission: Admission = {
    results: new Array(prepared.length),
    unique: [],
    duplicateOf: new Array(prepared.length).fill(-1),
    deduplicatedCount: 0,
    overLimitCount: 0,
    handOff: [],
  };
  const firstOf = new Map<string, number>();
  const limit = request.maxCalls ?? Number.POSITIVE_INFINITY;
  prepared.forEach((call, index) => {
    const definition = typeof call.tool === 'string' ? runner.describe(call.tool) : undefined;
    if (definition && takesControl(definition))
      admission.handOff.push({ index, tool: definition.name });
    const key = dedupKey(call, index);
    const first = firstOf.get(key);
    if (first !== undefined) {
      admission.duplicateOf[index] = first;
      admission.deduplicatedCount++;
      return;
    }
    firstOf.set(key, index);
    if (admission.unique.length >= limit) {
      admission.overLimitCount++;
      admission.results[index] = runner.answer(call, overCallLimit(index, limit));
      return;
    }
    if (
      request.allowedTools &&
      definition &&
      !request.allowedTools.some(
        (name) => name === definition.name || name === definition.qualifiedName,
      )
    ) {
      admission.results[index] = runner.answer(
        call,
        outsideToolSet(definition, request.allowedTools),
      );
      return;
    }
    admission.unique.push(index);
  });
  return admission;
}

/**
 * For the adaptive strategy: calls that may run at once (idempotent and not destructive, or to
 * a tool that does not resolve, which fails without running) and calls that run one by one.
 */
function splitBySafety(
  runner: BatchRunner,
  prepared: readonly ToolCall[],
  unique: readonly number[],
): { safe: number[]; ordered: number[] } {
  const safe: number[] = [];
  const ordered: number[] = [];
  for (const index of unique) {
    const definition = runner.describe(prepared[index]!.tool);
    const isSafe = !definition || (isIdempotentTool(definition) && !isDestructiveTool(definition));
    (isSafe ? safe : ordered).push(index);
  }
  return { safe, ordered };
}

/** Every call's result, in order; a repeated call gets a copy of its first's. */
async function settleResults(
  results: readonly (Promise<ToolResult> | undefined)[],
  duplicateOf: readonly number[],
): Promise<ToolResult[]> {
  const settled = await Promise.all(results.map((promise) => promise));
  return settled.map((result, index) => {
    const first = duplicateOf[index]!;
    if (first >= 0) return { ...(settled[first] as ToolResult) };
    return result as ToolResult;
  });
}

function overCallLimit(index: number, limit: number): Outcome {
  return {
    status: 'rate_limited',
    error: {
      code: 'call_limit_exceeded',
      message: `Call ${index + 1} was not run: this round allows ${limit} distinct calls. Make it again in the next round if it is still needed.`,
      errorType: 'RateLimitError',
      retryable: false,
    },
  };
}

function outsideToolSet(definition: ToolDefinition, allowedTools: readonly string[]): Outcome {
  return {
    status: 'permission_denied',
    error: {
      code: 'permission_denied',
      message: `Tool "${definition.name}" is not in this request's tool set; call one of: ${allowedTools.join(', ')}.`,
      errorType: 'PermissionDeniedError',
      retryable: false,
    },
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
