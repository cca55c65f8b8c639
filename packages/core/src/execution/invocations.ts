import type { Telemetry } from '../events/events.js';
import { randomUuid } from '../hash/random-id.js';
import type { ProgressUpdate } from '../ports/executor.js';
import { watchCallAbort } from './call-abort.js';
import type { Clock, ToolCall, ToolResult } from './types.js';

/** Where an invocation is: waiting, running, or finished one of three ways. */
export type InvocationState = 'pending' | 'running' | 'completed' | 'failed' | 'cancelled';

/** Where an invocation stands. */
export interface InvocationStatus {
  id: string;
  tool: string;
  state: InvocationState;
  /** 0–1 when the tool reports it (1 when done). */
  progress?: number;
  message?: string;
  createdAt: string;
  startedAt?: string;
  completedAt?: string;
  /** ISO time the invocation is expected to finish, from its progress or the tool's latency. */
  estimatedCompletionAt?: string;
  /** The outcome, once done. */
  result?: ToolResult;
}

interface Invocation {
  id: string;
  call: ToolCall;
  state: InvocationState;
  progress: number | undefined;
  message: string | undefined;
  createdAt: number;
  startedAt: number | undefined;
  completedAt: number | undefined;
  controller: AbortController;
  done: Promise<ToolResult>;
  result: ToolResult | undefined;
  listeners: Set<(update: ProgressUpdate) => void>;
  unlinkCaller: () => void;
}

export interface InvocationManagerOptions {
  run: (call: ToolCall) => Promise<ToolResult>;
  clock: Clock;
  /** How long finished invocations stay queryable. */
  retentionMs: number;
  telemetry: Telemetry;
  /** Typical latency of a tool in ms, for estimates before any progress arrives. */
  estimateMs: (tool: string) => number | undefined;
  /** Told about every change of state or progress (shared state mirrors invocations). */
  onChange?: (id: string, finished: boolean) => void;
}

function stateOf(result: ToolResult): InvocationState {
  if (result.status === 'success' || result.status === 'pending_confirmation') return 'completed';
  return result.status === 'cancelled' ? 'cancelled' : 'failed';
}

/** Long calls as invocations: id now; status, progress, cancel, result and partials later. */
export class InvocationManager {
  readonly #invocations = new Map<string, Invocation>();
  /** Finished ids in completion order, for the retention sweep. */
  readonly #finished: string[] = [];
  readonly #options: InvocationManagerOptions;

  constructor(options: InvocationManagerOptions) {
    this.#options = options;
  }

  invoke(call: ToolCall): string {
    this.#sweep();
    const now = this.#options.clock.now();
    const id = `inv_${randomUuid()}`;
    const controller = new AbortController();
    // The caller's signal or cancellation aborts the invocation's own signal.
    const unlinkCaller = call
      ? watchCallAbort(call, (reason) => controller.abort(reason))
      : () => {};
    const invocation: Invocation = {
      id,
      call,
      state: 'pending',
      progress: undefined,
      message: undefined,
      createdAt: now,
      startedAt: undefined,
      completedAt: undefined,
      controller,
      done: Promise.resolve(undefined as unknown as ToolResult),
      result: undefined,
      listeners: new Set(),
      unlinkCaller,
    };
    this.#invocations.set(id, invocation);
    invocation.done = Promise.resolve().then(() => this.#start(invocation));
    return id;
  }

  async #start(invocation: Invocation): Promise<ToolResult> {
    invocation.state = 'running';
    invocation.startedAt = this.#options.clock.now();
    this.#changed(invocation);
    const onProgress = (update: ProgressUpdate) => {
      if (typeof update.progress === 'number' && Number.isFinite(update.progress)) {
        const total = typeof update.total === 'number' && update.total > 0 ? update.total : 1;
        invocation.progress = Math.min(1, Math.max(0, update.progress / total));
      }
      if (typeof update.message === 'string') invocation.message = update.message;
      this.#options.onChange?.(invocation.id, false);
      for (const listener of invocation.listeners) {
        try {
          listener(update);
        } catch {
          // One broken listener must not starve the others.
        }
      }
      invocation.call.onProgress?.(update);
    };
    const result = await this.#options.run({
      ...invocation.call,
      signal: invocation.controller.signal,
      // Linked to the signal above when the invocation started.
      cancellation: undefined,
      onProgress,
    });
    invocation.result = result;
    invocation.state = stateOf(result);
    invocation.completedAt = this.#options.clock.now();
    if (invocation.state === 'completed') invocation.progress = 1;
    invocation.unlinkCaller();
    for (const listener of invocation.listeners)
      listener({ progress: invocation.progress ?? 1, message: 'done' });
    invocation.listeners.clear();
    this.#finished.push(invocation.id);
    this.#changed(invocation);
    return result;
  }

  #changed(invocation: Invocation): void {
    try {
      this.#options.onChange?.(invocation.id, invocation.result !== undefined);
    } catch {
      // Mirroring must never break an invocation.
    }
    try {
      this.#options.telemetry.emit({
        type: 'invocation.changed',
        time: new Date(this.#options.clock.now()).toISOString(),
        invocationId: invocation.id,
        tool: invocation.call.tool,
        state: invocation.state,
        ...(invocation.progress !== undefined ? { progress: invocation.progress } : {}),
      });
    } catch {
      // Telemetry must never break an invocation.
    }
  }

  status(id: string): InvocationStatus | undefined {
    this.#sweep();
    const invocation = this.#invocations.get(id);
    if (!invocation) return undefined;
    const status: InvocationStatus = {
      id,
      tool: invocation.call.tool,
      state: invocation.state,
      createdAt: new Date(invocation.createdAt).toISOString(),
    };
    if (invocation.progress !== undefined) status.progress = invocation.progress;
    if (invocation.message !== undefined) status.message = invocation.message;
    if (invocation.startedAt !== undefined)
      status.startedAt = new Date(invocation.startedAt).toISOString();
    if (invocation.completedAt !== undefined) {
      status.completedAt = new Date(invocation.completedAt).toISOString();
    } else {
      const estimate = this.#estimate(invocation);
      if (estimate !== undefined) status.estimatedCompletionAt = new Date(estimate).toISOString();
    }
    if (invocation.result) status.result = invocation.result;
    return status;
  }

  #estimate(invocation: Invocation): number | undefined {
    const started = invocation.startedAt ?? invocation.createdAt;
    const now = this.#options.clock.now();
    if (invocation.progress !== undefined && invocation.progress > 0) {
      return started + (now - started) / invocation.progress;
    }
    const typical = this.#options.estimateMs(invocation.call.tool);
    return typical === undefined ? undefined : Math.max(now, started + typical);
  }

  /** Abort a running invocation through its signal. False when unknown or already finished. */
  cancel(id: string, reason?: unknown): boolean {
    const invocation = this.#invocations.get(id);
    if (!invocation || invocation.result) return false;
    invocation.controller.abort(reason);
    return true;
  }

  /** Wait for the outcome; undefined for unknown (or expired) ids. */
  async result(id: string): Promise<ToolResult | undefined> {
    this.#sweep();
    return this.#invocations.get(id)?.done;
  }

  /** Listen to progress and partial results; returns the unsubscribe function. */
  subscribe(id: string, listener: (update: ProgressUpdate) => void): () => void {
    const invocation = this.#invocations.get(id);
    if (!invocation || invocation.result) return () => {};
    invocation.listeners.add(listener);
    return () => invocation.listeners.delete(listener);
  }

  /** Progress and partial results as an async iterator that ends when the invocation does. */
  async *stream(id: string): AsyncGenerator<ProgressUpdate, void, undefined> {
    const invocation = this.#invocations.get(id);
    if (!invocation || invocation.result) return;
    const queue: ProgressUpdate[] = [];
    let wake: (() => void) | undefined;
    let finished = false;
    const unsubscribe = this.subscribe(id, (update) => {
      queue.push(update);
      wake?.();
    });
    invocation.done.then(() => {
      finished = true;
      wake?.();
    });
    try {
      for (;;) {
        const next = queue.shift();
        if (next) {
          yield next;
          continue;
        }
        if (finished) return;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = undefined;
      }
    } finally {
      unsubscribe();
    }
  }

  /** Cancel everything still running (engine shutdown). */
  cancelAll(reason?: unknown): void {
    for (const invocation of this.#invocations.values()) {
      if (!invocation.result) invocation.controller.abort(reason);
    }
  }

  /** Ids of the invocations that have not finished. */
  unfinishedIds(): string[] {
    const ids: string[] = [];
    for (const invocation of this.#invocations.values())
      if (!invocation.result) ids.push(invocation.id);
    return ids;
  }

  get size(): number {
    return this.#invocations.size;
  }

  #sweep(): void {
    const cutoff = this.#options.clock.now() - this.#options.retentionMs;
    while (this.#finished.length > 0) {
      const invocation = this.#invocations.get(this.#finished[0]!);
      if (invocation && (invocation.completedAt ?? 0) > cutoff) break;
      this.#finished.shift();
      if (invocation) this.#invocations.delete(invocation.id);
    }
  }
}
