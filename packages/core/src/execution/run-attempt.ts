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
import {
  bindClientRequests,
  NO_CLIENT,
  unsupportedElicit,
  unsupportedListRoots,
  unsupportedSample,
} from './client-requests.js';
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
  const signal = request.signal;
  if (signal?.aborted) {
    return Promise.resolve(cancelled(signal.reason));
  }
  const attempt = new Attempt(request);
  const answer = new Promise<AttemptOutcome>((resolve) => {
    attempt.resolve = resolve;
  });
  attempt.start();
  return answer;
}

/**
 * One attempt's state in one object with its steps as methods: the closures of a function per
 * attempt (nine of them) were a third of what a call allocated.
 */
class Attempt {
  readonly request: AttemptRequest;
  resolve: (outcome: AttemptOutcome) => void = ignore;
  settled = false;
  aborted = false;
  abortReason: unknown;
  controller: AbortController | undefined;
  timer: ReturnType<typeof setTimeout> | undefined;
  onCallerAbort: (() => void) | undefined;

  constructor(request: AttemptRequest) {
    this.request = request;
  }

  start(): void {
    const request = this.request;
    const signal = request.signal;
    if (signal) {
      this.onCallerAbort = () => {
        this.abort(signal.reason ?? new CancelledError());
        this.settle(cancelled(signal.reason));
      };
      signal.addEventListener('abort', this.onCallerAbort, { once: true });
    }
    let pending: Promise<unknown>;
    try {
      pending = Promise.resolve(
        request.executor.execute({
          tool: request.tool,
          arguments: request.arguments,
          context: this.#context(),
        }),
      );
    } catch (error) {
      this.fail(error);
      return;
    }
    pending.then(
      (value) => this.settle({ ok: true, value }),
      (error) => this.fail(error),
    );
    // The timer is armed after the answers already due: a handler that answered at once (most
    // in-process tools) settles first and costs no timer. The deadline is the same: this runs
    // in the same turn, before any timer can fire. (A timer per call was 6% of the engine's time.)
    if (!this.settled && Number.isFinite(request.timeoutMs)) queueMicrotask(() => this.armTimer());
  }

  #context(): ToolCallContext {
    const request = this.request;
    const attempt = this;
    const context = {
      get signal() {
        return attempt.signal();
      },
      tool: request.tool,
      callId: request.callId,
      traceId: request.traceId,
      spanId: request.spanId,
      // Without a listener, one shared no-op each.
      reportProgress: request.onProgress
        ? (update: ProgressUpdate) => {
            if (attempt.settled) return;
            try {
              request.onProgress?.(update);
            } catch {
              // A broken progress listener must not fail the call.
            }
          }
        : ignore,
      log: request.onLog
        ? (entry: ToolLogEntry) => {
            if (attempt.settled) return;
            try {
              request.onLog?.(entry);
            } catch {
              // A broken log listener must not fail the call.
            }
          }
        : ignore,
      // What a call without a client may ask, in the literal: the object is made whole at once
      // rather than grown property by property. A client replaces them.
      clientCan: NO_CLIENT,
      elicit: unsupportedElicit,
      sample: unsupportedSample,
      listRoots: unsupportedListRoots,
    } as ToolCallContext;
    if (request.principal) context.principal = request.principal;
    const onInputRequest = request.onInputRequest;
    if (onInputRequest) context.requestInput = (input) => onInputRequest(input);
    if (request.client) bindClientRequests(context, request.client, () => this.signal());
    return context;
  }

  /** The attempt's signal, made when first asked for. */
  signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.aborted) this.controller.abort(this.abortReason);
    }
    return this.controller.signal;
  }

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.abortReason = reason;
    this.controller?.abort(reason);
  }

  armTimer(): void {
    if (this.settled) return;
    const request = this.request;
    this.timer = setTimeout(() => {
      const error = new ToolTimeoutError(request.tool.name, request.timeoutMs);
      this.abort(error);
      this.settle({ ok: false, status: 'timeout', error: describeError(error) });
    }, request.timeoutMs);
  }

  fail(error: unknown): void {
    this.settle(failed(error, this.aborted ? this.abortReason : undefined));
  }

  settle(outcome: AttemptOutcome): void {
    if (this.settled) return;
    this.settled = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    if (this.onCallerAbort) this.request.signal?.removeEventListener('abort', this.onCallerAbort);
    this.resolve(outcome);
  }
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
