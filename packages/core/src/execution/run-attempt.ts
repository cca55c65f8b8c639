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
import { callAbortReason, isCallAborted, watchCallAbort } from './call-abort.js';
import { describeError } from './call-outcome.js';
import {
  bindClientRequests,
  NO_CLIENT,
  unsupportedElicit,
  unsupportedListRoots,
  unsupportedSample,
} from './client-requests.js';
import type { DeadlineTimer, Expiring } from './deadline-timer.js';
import { FunctionExecutor } from './function-executor.js';
import type { CallCancellation, ToolResultError } from './types.js';

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
  /** The caller's cancellation: cancels the attempt as the signal does. */
  cancellation?: CallCancellation | undefined;
  onProgress: ((update: ProgressUpdate) => void) | undefined;
  onLog: ((entry: ToolLogEntry) => void) | undefined;
  onInputRequest?: ((request: ToolInputRequest) => Promise<ToolInputResponse>) | undefined;
  client?: ClientRequests | undefined;
  /** The engine's shared deadline timer, which the attempt waits on (no timer of its own). */
  deadlines: DeadlineTimer;
}

/**
 * Run one attempt. Settles on the first of: the executor's answer, the timeout, the caller's
 * abort. A handler that ignores its signal is abandoned (its promise is left to settle on its
 * own); the timer and the listener are always removed. The attempt's AbortController is made
 * only when a handler reads `context.signal` or the attempt is aborted (most calls do neither,
 * and a controller per call was an eighth of the engine's time). An in-process handler that
 * answers at once is answered at once: the outcome, not a promise of it.
 */
export function runAttempt(request: AttemptRequest): AttemptOutcome | Promise<AttemptOutcome> {
  if (isCallAborted(request)) return cancelled(callAbortReason(request));
  const attempt = new Attempt(request);
  attempt.start();
  if (attempt.outcome) return attempt.outcome;
  return new Promise<AttemptOutcome>((resolve) => {
    attempt.resolve = resolve;
  });
}

/**
 * What a handler is given. A class, not a literal: a literal's getter was defined anew on every
 * call, through the runtime (the costliest step of an attempt). `signal` is read through the
 * context, so a handler that copies the context must copy `signal` by name.
 */
class AttemptContext implements ToolCallContext {
  readonly #attempt: Attempt;
  tool: ToolDefinition;
  callId: string;
  traceId: string;
  spanId: string;
  reportProgress: (update: ProgressUpdate) => void;
  log: (entry: ToolLogEntry) => void;
  // What a call without a client may ask; a client replaces them.
  clientCan: NonNullable<ToolCallContext['clientCan']> = NO_CLIENT;
  elicit: NonNullable<ToolCallContext['elicit']> = unsupportedElicit;
  sample: NonNullable<ToolCallContext['sample']> = unsupportedSample;
  listRoots: NonNullable<ToolCallContext['listRoots']> = unsupportedListRoots;
  declare principal?: ToolCallContext['principal'];
  declare requestInput?: ToolCallContext['requestInput'];

  constructor(attempt: Attempt) {
    const request = attempt.request;
    this.#attempt = attempt;
    this.tool = request.tool;
    this.callId = request.callId;
    this.traceId = request.traceId;
    this.spanId = request.spanId;
    // Without a listener, one shared no-op each.
    this.reportProgress = guarded(attempt, request.onProgress);
    this.log = guarded(attempt, request.onLog);
    if (request.principal) this.principal = request.principal;
    const onInputRequest = request.onInputRequest;
    if (onInputRequest) this.requestInput = (input) => onInputRequest(input);
    if (request.client) bindClientRequests(this, request.client, () => attempt.signal());
  }

  get signal(): AbortSignal {
    return this.#attempt.signal();
  }

  onAbort(listener: (reason: unknown) => void): () => void {
    return this.#attempt.onAbort(listener);
  }
}

/**
 * One attempt's state in one object with its steps as methods: the closures of a function per
 * attempt (nine of them) were a third of what a call allocated.
 */
class Attempt implements Expiring {
  readonly request: AttemptRequest;
  resolve: (outcome: AttemptOutcome) => void = ignore;
  settled = false;
  /** How it ended, once it has. */
  outcome: AttemptOutcome | undefined;
  aborted = false;
  abortReason: unknown;
  controller: AbortController | undefined;
  /** Told of the abort through `context.onAbort`, without a signal. */
  abortListeners: Array<(reason: unknown) => void> | undefined;
  /**
   * When it times out (`performance.now()` time): finite once it waits on the engine's deadline
   * timer (`request.deadlines`), which it then leaves when it settles.
   */
  deadline = Number.POSITIVE_INFINITY;
  /** Stops listening for the caller's abort (its signal or its cancellation). */
  unwatchCaller: (() => void) | undefined;

  constructor(request: AttemptRequest) {
    this.request = request;
  }

  start(): void {
    const request = this.request;
    if (request.signal || request.cancellation) {
      this.unwatchCaller = watchCallAbort(request, (reason) => {
        this.abort(reason ?? new CancelledError());
        this.settle(cancelled(reason));
      });
    }
    const executor = request.executor;
    const context = new AttemptContext(this);
    let answer: unknown;
    try {
      if (executor instanceof FunctionExecutor) {
        answer = executor.runNow(request.arguments, context);
        if (!isThenable(answer)) {
          this.settle({ ok: true, value: answer });
          return;
        }
      } else {
        answer = executor.execute({ tool: request.tool, arguments: request.arguments, context });
      }
    } catch (error) {
      this.fail(error);
      return;
    }
    Promise.resolve(answer).then(
      (value) => this.settle({ ok: true, value }),
      (error) => this.fail(error),
    );
    // A handler that answered at once (most in-process tools) has settled: it waits on nothing.
    // The others wait on the engine's shared timer, which costs a set entry, not a timer armed
    // and cleared per call (a timer per call was 6% of the engine's time). A monotonic clock, as
    // a timer's: a wall clock set back or forward moves no deadline.
    if (this.settled || !Number.isFinite(request.timeoutMs)) return;
    this.deadline = performance.now() + request.timeoutMs;
    request.deadlines.add(this);
  }

  /** The attempt's signal, made when first asked for. */
  signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.aborted) this.controller.abort(this.abortReason);
    }
    return this.controller.signal;
  }

  onAbort(listener: (reason: unknown) => void): () => void {
    if (this.aborted) {
      tell(listener, this.abortReason);
      return ignore;
    }
    const listeners = this.abortListeners ?? [];
    this.abortListeners = listeners;
    listeners.push(listener);
    return () => {
      const index = listeners.indexOf(listener);
      if (index !== -1) listeners.splice(index, 1);
    };
  }

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.abortReason = reason;
    this.controller?.abort(reason);
    const listeners = this.abortListeners;
    if (!listeners) return;
    this.abortListeners = undefined;
    for (const listener of listeners.splice(0)) tell(listener, reason);
  }

  /** The deadline passed: abort the handler and answer with a timeout. */
  expire(): void {
    if (this.settled) return;
    const request = this.request;
    const error = new ToolTimeoutError(request.tool.name, request.timeoutMs);
    this.abort(error);
    this.settle({ ok: false, status: 'timeout', error: describeError(error) });
  }

  fail(error: unknown): void {
    this.settle(failed(error, this.aborted ? this.abortReason : undefined));
  }

  settle(outcome: AttemptOutcome): void {
    if (this.settled) return;
    this.settled = true;
    this.outcome = outcome;
    if (this.deadline !== Number.POSITIVE_INFINITY) this.request.deadlines.delete(this);
    if (this.unwatchCaller) this.unwatchCaller();
    this.resolve(outcome);
  }
}

function ignore(): void {}

/** An abort listener that throws does not keep the others from hearing of it. */
function tell(listener: (reason: unknown) => void, reason: unknown): void {
  try {
    listener(reason);
  } catch {
    // The attempt is ending either way.
  }
}

/**
 * A listener as a running tool calls it: nothing once the attempt settled, and a listener that
 * throws does not fail the call.
 */
function guarded<T>(attempt: Attempt, listener: ((value: T) => void) | undefined) {
  if (!listener) return ignore;
  return (value: T): void => {
    if (attempt.settled) return;
    try {
      listener(value);
    } catch {
      // A broken listener must not fail the call.
    }
  };
}

/** Whether a handler's answer is a promise (or promise-like) to wait for. A `then` that throws when read counts as one: waiting for it fails the attempt, as awaiting it would. */
function isThenable(value: unknown): boolean {
  if ((typeof value !== 'object' || value === null) && typeof value !== 'function') return false;
  try {
    return typeof (value as { then?: unknown }).then === 'function';
  } catch {
    return true;
  }
}

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
