import { ArsenalError, CancelledError, ToolTimeoutError } from '../errors/index.js';
import type {
  ClientRequests,
  Executor,
  ProgressUpdate,
  ToolCallContext,
  ToolInputRequest,
  ToolInputResponse,
  ToolLogEntry,
} from '../ports/executor.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import { describeError } from './call-outcome.js';
import { bindClientRequests } from './client-requests.js';
import type { ToolResultError } from './types.js';

export type AttemptOutcome =
  | { ok: true; value: unknown }
  | { ok: false; status: 'failure' | 'timeout' | 'cancelled'; error: ToolResultError };

export interface AttemptRequest {
  executor: Executor;
  tool: ToolDefinition;
  arguments: Record<string, unknown>;
  callId: string;
  traceId: string;
  spanId: string;
  principal: ToolCallContext['principal'];
  timeoutMs: number;
  /** The caller's signal: aborting it cancels the attempt. */
  signal: AbortSignal | undefined;
  onProgress: ((update: ProgressUpdate) => void) | undefined;
  onLog: ((entry: ToolLogEntry) => void) | undefined;
  onInputRequest?: ((request: ToolInputRequest) => Promise<ToolInputResponse>) | undefined;
  client?: ClientRequests | undefined;
}

/**
 * Run one attempt. Settles on the first of: the executor's answer, the timeout, the caller's
 * abort. A handler that ignores its signal is abandoned (its promise is left to settle on its
 * own); the timer and the listener are always removed. The attempt's AbortController is made
 * only when a handler reads `context.signal` or the attempt is aborted (most calls do neither,
 * and a controller per call was an eighth of the engine's time).
 */
export function runAttempt(request: AttemptRequest): Promise<AttemptOutcome> {
  const { tool, signal } = request;
  if (signal?.aborted) {
    return Promise.resolve(cancelled(signal.reason));
  }
  return new Promise<AttemptOutcome>((resolve) => {
    let controller: AbortController | undefined;
    let abortReason: unknown;
    let aborted = false;
    const attemptSignal = (): AbortSignal => {
      if (!controller) {
        controller = new AbortController();
        if (aborted) controller.abort(abortReason);
      }
      return controller.signal;
    };
    const abort = (reason: unknown) => {
      if (aborted) return;
      aborted = true;
      abortReason = reason;
      controller?.abort(reason);
    };
    let settled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onCallerAbort = () => {
      abort(signal?.reason ?? new CancelledError());
      settle(cancelled(signal?.reason));
    };
    const settle = (outcome: AttemptOutcome) => {
      if (settled) return;
      settled = true;
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener('abort', onCallerAbort);
      resolve(outcome);
    };
    signal?.addEventListener('abort', onCallerAbort, { once: true });
    const armTimer = () => {
      if (settled) return;
      timer = setTimeout(() => {
        const error = new ToolTimeoutError(tool.name, request.timeoutMs);
        abort(error);
        settle({ ok: false, status: 'timeout', error: describeError(error) });
      }, request.timeoutMs);
    };
    const context = {
      get signal() {
        return attemptSignal();
      },
      tool,
      callId: request.callId,
      traceId: request.traceId,
      spanId: request.spanId,
      // Without a listener, one shared no-op each: two closures fewer per call.
      reportProgress: request.onProgress
        ? (update: ProgressUpdate) => {
            if (settled) return;
            try {
              request.onProgress?.(update);
            } catch {
              // A broken progress listener must not fail the call.
            }
          }
        : ignore,
      log: request.onLog
        ? (entry: ToolLogEntry) => {
            if (settled) return;
            try {
              request.onLog?.(entry);
            } catch {
              // A broken log listener must not fail the call.
            }
          }
        : ignore,
    } as ToolCallContext;
    if (request.principal) context.principal = request.principal;
    const onInputRequest = request.onInputRequest;
    if (onInputRequest) context.requestInput = (input) => onInputRequest(input);
    bindClientRequests(context, request.client, attemptSignal);
    const fail = (error: unknown) => settle(failed(error, aborted ? abortReason : undefined));
    let pending: Promise<unknown>;
    try {
      pending = Promise.resolve(
        request.executor.execute({ tool, arguments: request.arguments, context }),
      );
    } catch (error) {
      fail(error);
      return;
    }
    pending.then((value) => settle({ ok: true, value }), fail);
    // The timer is armed after the answers already due: a handler that answered at once (most
    // in-process tools) settles first and costs no timer. The deadline is the same: this runs
    // in the same turn, before any timer can fire. (A timer per call was 6% of the engine's time.)
    if (!settled && Number.isFinite(request.timeoutMs)) queueMicrotask(armTimer);
  });
}

function ignore(): void {}

function cancelled(reason: unknown): AttemptOutcome {
  const error =
    ArsenalError.isInstance(reason) && reason.code === 'cancelled'
      ? reason
      : new CancelledError('The call was cancelled by its caller.', { cause: reason });
  return { ok: false, status: 'cancelled', error: describeError(error) };
}

/** `abortReason`: why the attempt was aborted, when it was. */
function failed(error: unknown, abortReason: unknown): AttemptOutcome {
  if (ArsenalError.isInstance(abortReason) && abortReason.code === 'timeout') {
    return { ok: false, status: 'timeout', error: describeError(abortReason) };
  }
  // An executor that enforces its own deadline (a remote stream that never ends) reports it so.
  if (ArsenalError.isInstance(error) && error.name === 'ToolTimeoutError') {
    return { ok: false, status: 'timeout', error: describeError(error) };
  }
  if (ArsenalError.isInstance(error) && error.code === 'cancelled') {
    return { ok: false, status: 'cancelled', error: describeError(error) };
  }
  return { ok: false, status: 'failure', error: describeError(error) };
}
