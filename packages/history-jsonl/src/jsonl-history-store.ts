import type { FileHandle } from 'node:fs/promises';
import { mkdir, open, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import {
  type AuditRecord,
  type HistoryQuery,
  type HistoryStore,
  InvalidArgumentError,
} from '@arsenal/core';
import { queryAuditRecords } from '@arsenal/core/adapter';

export interface JsonlHistoryStoreOptions {
  /** The file to append to; created (with its folder) when missing. */
  path: string;
  /** fsync after every write batch, so records survive a power cut, not just a crash. Default false. */
  fsync?: boolean;
}

/**
 * A HistoryStore in an append-only JSON Lines file: one audit record per line. Records are kept
 * in memory too, for queries; on open the file is read back. A torn last line (the process died
 * mid-write) is skipped, and the next write starts on a fresh line.
 */
export class JsonlHistoryStore implements HistoryStore {
  readonly path: string;
  readonly #fsync: boolean;
  #records: AuditRecord[] = [];
  #handle: FileHandle | undefined;
  #queue: string[] = [];
  #writing: Promise<void> = Promise.resolve();
  #closed = false;
  /** Lines that could not be parsed when the file was opened. */
  skippedLines = 0;

  private constructor(options: JsonlHistoryStoreOptions) {
    this.path = options.path;
    this.#fsync = options.fsync ?? false;
  }

  static async open(options: JsonlHistoryStoreOptions): Promise<JsonlHistoryStore> {
    if (typeof options?.path !== 'string' || options.path === '') {
      throw new InvalidArgumentError(
        'createJsonlHistoryStore needs a file path: { path: "audit.jsonl" }.',
      );
    }
    const store = new JsonlHistoryStore(options);
    await mkdir(dirname(options.path), { recursive: true });
    let text = '';
    try {
      text = await readFile(options.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      try {
        store.#records.push(JSON.parse(line) as AuditRecord);
      } catch {
        store.skippedLines++;
      }
    }
    store.#handle = await open(options.path, 'a');
    if (text.length > 0 && !text.endsWith('\n')) await store.#handle.write('\n');
    return store;
  }

  async append(record: AuditRecord): Promise<void> {
    if (this.#closed) {
      throw new InvalidArgumentError(
        `JsonlHistoryStore for "${this.path}" is closed; open a new one.`,
      );
    }
    const line = `${JSON.stringify(record)}\n`;
    this.#records.push(JSON.parse(line) as AuditRecord);
    this.#queue.push(line);
    // Appends made in the same tick are written together, in order, by one write call.
    const done = this.#writing.then(() => this.#drain());
    this.#writing = done.catch(() => {});
    await done;
  }

  async #drain(): Promise<void> {
    if (this.#queue.length === 0 || !this.#handle) return;
    const batch = this.#queue.join('');
    this.#queue = [];
    await this.#handle.write(batch);
    if (this.#fsync) await this.#handle.sync();
  }

  async query(query?: HistoryQuery): Promise<AuditRecord[]> {
    return queryAuditRecords(this.#records, query);
  }

  async count(): Promise<number> {
    return this.#records.length;
  }

  async flush(): Promise<void> {
    await this.#writing;
    await this.#handle?.sync();
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#writing;
    await this.#handle?.close();
    this.#handle = undefined;
  }
}

/**
 * Open (or create) a JSONL history file.
 *
 * @example
 * const history = await createJsonlHistoryStore({ path: './data/audit.jsonl' });
 * const engine = createExecutionEngine({ resolver, historyStore: history });
 */
export function createJsonlHistoryStore(
  options: JsonlHistoryStoreOptions,
): Promise<JsonlHistoryStore> {
  return JsonlHistoryStore.open(options);
}
