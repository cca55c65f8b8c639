import type { InvocationManager, InvocationStatus } from '../invocations.js';
import type { ToolResult } from '../types.js';
import type { StateSync } from './state-sync.js';

interface SharedInvocation extends InvocationStatus {
  /** The replica running it. */
  owner: string;
}

interface CancelRequest {
  by: string;
  at: number;
}

/**
 * Invocations visible from every replica. The replica running one writes its status when it
 * starts and ends, and its progress at each sync round (a heartbeat too: the record of a replica
 * that died expires after the retention time). Any replica reads status and result from there,
 * and cancels by leaving a request the owner picks up at its next round. Store down: each
 * replica sees and cancels only its own invocations (fail open to local state).
 */
export class SharedInvocations {
  readonly #sync: StateSync;
  readonly #manager: () => InvocationManager;
  readonly #retentionMs: number;
  /** Finished since the last round, still to be written. */
  readonly #finished = new Set<string>();
  /** Running, start already written. */
  readonly #started = new Set<string>();

  constructor(sync: StateSync, manager: () => InvocationManager, retentionMs: number) {
    this.#sync = sync;
    this.#manager = manager;
    this.#retentionMs = retentionMs;
    sync.every(() => this.push());
    sync.every(() => this.pullCancels());
  }

  #key(id: string): string {
    return this.#sync.key('invocation', id);
  }

  #cancelKey(id: string): string {
    return this.#sync.key('invocation-cancel', id);
  }

  /** The invocation manager's change hook: starts and ends are written at once. */
  changed(id: string, finished: boolean): void {
    const status = this.#manager().status(id);
    if (!status) return;
    if (finished) {
      this.#finished.add(id);
      this.#started.delete(id);
    } else {
      // Progress waits for the next round; only the start is written now.
      if (status.state !== 'running' || this.#started.has(id)) return;
      this.#started.add(id);
    }
    this.#write(status, finished);
  }

  #write(status: InvocationStatus, finished: boolean): void {
    const sync = this.#sync;
    const record: SharedInvocation = { ...status, owner: sync.replicaId };
    sync.fire('invocations', async () => {
      await sync.store.set(this.#key(status.id), record, { ttlMs: this.#retentionMs });
      if (finished) this.#finished.delete(status.id);
    });
  }

  /** Write progress of everything running here (and any end a failed write left unsent). */
  async push(): Promise<void> {
    const manager = this.#manager();
    for (const id of [...manager.unfinishedIds(), ...this.#finished]) {
      const status = manager.status(id);
      if (!status) {
        this.#finished.delete(id);
        continue;
      }
      const sync = this.#sync;
      const record: SharedInvocation = { ...status, owner: sync.replicaId };
      const written = await sync.attempt('invocations', async () => {
        await sync.store.set(this.#key(id), record, { ttlMs: this.#retentionMs });
        return true;
      });
      if (!written) return;
      if (status.completedAt !== undefined) this.#finished.delete(id);
    }
  }

  /** Cancel what other replicas asked to cancel. */
  async pullCancels(): Promise<void> {
    const sync = this.#sync;
    const manager = this.#manager();
    const running = manager.unfinishedIds();
    if (running.length === 0) return;
    const prefix = this.#cancelKey('');
    const names = await sync.attempt('invocations', () => sync.store.keys(prefix));
    if (!names) return;
    const local = new Set(running);
    for (const name of names) {
      const id = name.slice(prefix.length);
      if (!local.has(id)) continue;
      const request = await sync.attempt('invocations', () => sync.store.get<CancelRequest>(name));
      if (!request) continue;
      manager.cancel(id, `cancelled from replica ${request.by}`);
      await sync.attempt('invocations', () => sync.store.delete(name));
    }
  }

  /** Status from this replica, else from the shared store. */
  async status(id: string): Promise<InvocationStatus | undefined> {
    const local = this.#manager().status(id);
    if (local) return local;
    const sync = this.#sync;
    const record = await sync.attempt('invocations', () =>
      sync.store.get<SharedInvocation>(this.#key(id)),
    );
    if (!record) return undefined;
    const { owner: _owner, ...status } = record;
    return status;
  }

  /**
   * Cancel here, or ask the owning replica to (it does at its next sync round). False when the
   * id is unknown, already finished, or the store cannot be reached.
   */
  async cancel(id: string): Promise<boolean> {
    const manager = this.#manager();
    if (manager.status(id)) return manager.cancel(id);
    const sync = this.#sync;
    const record = await sync.attempt('invocations', () =>
      sync.store.get<SharedInvocation>(this.#key(id)),
    );
    if (!record || record.completedAt !== undefined) return false;
    const request: CancelRequest = { by: sync.replicaId, at: sync.now() };
    const sent = await sync.attempt('invocations', async () => {
      await sync.store.set(this.#cancelKey(id), request, { ttlMs: this.#retentionMs });
      return true;
    });
    return sent === true;
  }

  /**
   * The outcome of an invocation another replica runs: read at every sync interval until it is
   * written (read at most every 250 ms). Undefined when unknown, expired (its owner stopped writing), or the store is down.
   */
  async result(id: string, signal?: AbortSignal): Promise<ToolResult | undefined> {
    const sync = this.#sync;
    for (;;) {
      const record = await sync.attempt('invocations', () =>
        sync.store.get<SharedInvocation>(this.#key(id)),
      );
      if (!record) return undefined;
      if (record.result) return record.result;
      if (signal?.aborted) return undefined;
      await new Promise((resolve) => setTimeout(resolve, Math.min(sync.intervalMs, 250)));
    }
  }
}
