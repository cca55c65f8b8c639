import {
  InvalidArgumentError,
  type VectorMatch,
  type VectorQuery,
  type VectorRecord,
  type VectorStore,
  VectorStoreError,
  type VectorUpsertOptions,
} from '@arsenal/core';
import {
  checkedVectorLength,
  copyMetadata,
  parseMetadataFilter,
  throwIfAborted,
} from '@arsenal/core/adapter';
import type pg from 'pg';
import { insertRows } from './pgvector-insert.js';
import { checkedOptions, createPool, type PgvectorVectorStoreOptions } from './pgvector-options.js';
import { type StoredRow, toMatches, toRecords } from './pgvector-results.js';
import { HnswSearch } from './pgvector-search.js';
import {
  createTableStatements,
  nearestSql,
  TABLE_INFO_SQL,
  vectorIndexName,
  vectorIndexStatement,
  vectorLiteral,
} from './pgvector-sql.js';
import { runMapped } from './postgres-errors.js';
import { toSqlFilter } from './sql-filter.js';

/**
 * Tool vectors in a Postgres table with pgvector: `id text primary key`, `embedding vector(n)`
 * under an HNSW cosine index, `metadata jsonb` under a GIN index. Filters become SQL (see
 * `toSqlFilter`), so Postgres applies them inside the index scan.
 */
export class PgvectorVectorStore implements VectorStore {
  readonly #pool: pg.Pool;
  readonly #ownsPool: boolean;
  readonly #table: string;
  readonly #quoted: string;
  readonly #configured: number | undefined;
  #dimensions: number | undefined;
  /** Resolves once the table's existence and vector length are known (reset after a failure). */
  #ready: Promise<void> | undefined;
  #tableExists = false;
  /** Whether the HNSW index exists (it is built after a bulk load, see `upsert`). */
  #indexed = false;
  readonly #search: HnswSearch;

  constructor(options: PgvectorVectorStoreOptions) {
    const { table, dimensions, efSearch } = checkedOptions(options);
    this.#table = table;
    this.#quoted = `"${table}"`;
    this.#configured = dimensions;
    this.#dimensions = dimensions;
    this.#ownsPool = options.pool === undefined;
    this.#pool = options.pool ?? createPool(options);
    // An idle connection dropped by the server must not crash the process: the next query reconnects.
    this.#pool.on('error', () => {});
    this.#search = new HnswSearch(this.#pool, efSearch);
  }

  get dimensions(): number | undefined {
    return this.#dimensions;
  }

  /** The table this store writes, e.g. for your own SQL next to it. */
  get table(): string {
    return this.#table;
  }

  async upsert(records: readonly VectorRecord[], options: VectorUpsertOptions = {}) {
    throwIfAborted(options.signal);
    if (records.length === 0) return;
    await this.#prepare('write to');
    const dimensions = this.#dimensions ?? records[0]?.vector?.length ?? 0;
    const rows = new Map<string, [string, string, string]>();
    records.forEach((record, index) => {
      const id = record?.id;
      if (typeof id !== 'string' || id.length === 0) {
        throw new InvalidArgumentError(
          `Record at index ${index} has no id; give every record a non-empty string id.`,
        );
      }
      checkedVectorLength(record.vector, dimensions, `Vector for "${id}"`, () =>
        this.#mismatch(dimensions),
      );
      const metadata = copyMetadata(record.metadata, `"${id}"`);
      rows.set(id, [id, vectorLiteral(record.vector), JSON.stringify(metadata)]);
    });
    throwIfAborted(options.signal);
    await this.#run('write to', async () => {
      if (!this.#tableExists) await this.#createTable(dimensions);
      await insertRows(this.#pool, this.#quoted, [...rows.values()]);
      // A bulk load builds the HNSW index once, over all its rows, when its last write lands.
      if (!this.#indexed && !options.moreToCome) {
        await this.#pool.query(vectorIndexStatement(this.#table));
        this.#indexed = true;
      }
    });
  }

  async delete(ids: readonly string[], options: { signal?: AbortSignal } = {}) {
    throwIfAborted(options.signal);
    if (ids.length === 0) return;
    await this.#prepare('delete from');
    if (!this.#tableExists) return;
    await this.#run('delete from', () =>
      this.#pool.query(`DELETE FROM ${this.#quoted} WHERE id = ANY($1::text[])`, [[...ids]]),
    );
  }

  async query(query: VectorQuery): Promise<VectorMatch[]> {
    const { topK, includeVectors = false, signal } = query;
    throwIfAborted(signal);
    if (!(Number.isInteger(topK) && topK > 0)) {
      throw new InvalidArgumentError(
        `topK must be a positive integer, got ${String(topK)}. Ask for at least 1 match.`,
      );
    }
    const filter = parseMetadataFilter(query.filter);
    await this.#prepare('query');
    const dimensions = this.#dimensions ?? query.vector?.length ?? 0;
    checkedVectorLength(query.vector, dimensions, 'Query vector', () => this.#mismatch(dimensions));
    if (!this.#tableExists) return [];
    const where = toSqlFilter(filter, 3);
    const sql = nearestSql(this.#quoted, where.sql, includeVectors);
    const result = await this.#run('query', () =>
      this.#search.query(sql, [vectorLiteral(query.vector), topK, ...where.params]),
    );
    throwIfAborted(signal);
    return toMatches(result.rows);
  }

  async get(ids: readonly string[], options: { signal?: AbortSignal } = {}) {
    throwIfAborted(options.signal);
    if (ids.length === 0) return [];
    await this.#prepare('read');
    if (!this.#tableExists) return [];
    const result = await this.#run('read', () =>
      this.#pool.query<StoredRow>(
        `SELECT id, metadata, embedding::text AS embedding FROM ${this.#quoted} WHERE id = ANY($1::text[])`,
        [[...ids]],
      ),
    );
    return toRecords(result.rows, ids);
  }

  async count(options: { signal?: AbortSignal } = {}) {
    throwIfAborted(options.signal);
    await this.#prepare('count');
    if (!this.#tableExists) return 0;
    const result = await this.#run('count', () =>
      this.#pool.query<{ count: string }>(`SELECT count(*) AS count FROM ${this.#quoted}`),
    );
    return Number(result.rows[0]?.count ?? 0);
  }

  async clear(options: { signal?: AbortSignal } = {}) {
    throwIfAborted(options.signal);
    await this.#prepare('clear');
    if (!this.#tableExists) return;
    await this.#run('clear', () => this.#pool.query(`TRUNCATE ${this.#quoted}`));
  }

  /** Drops the table and everything in it (tests, re-embedding with another model). */
  async drop(): Promise<void> {
    await this.#run('drop', () => this.#pool.query(`DROP TABLE IF EXISTS ${this.#quoted}`));
    this.#tableExists = false;
    this.#indexed = false;
    this.#ready = undefined;
    this.#dimensions = this.#configured;
  }

  async close(): Promise<void> {
    if (this.#ownsPool) await this.#pool.end();
  }

  #mismatch(dimensions: number): string {
    return (
      `table "${this.#table}" holds ${dimensions}-dimensional vectors. Embed with the model that ` +
      'produced them, or point the store at another table.'
    );
  }

  /** Learns once whether the table exists and its vector length, checking it against the options. */
  #prepare(action: string): Promise<void> {
    this.#ready ??= this.#run(action, async () => {
      const result = await this.#pool.query<{ dimensions: number | null; indexed: boolean }>(
        TABLE_INFO_SQL,
        [this.#quoted, `"${vectorIndexName(this.#table)}"`],
      );
      const row = result.rows[0];
      if (row === undefined) return;
      const stored = Number(row.dimensions);
      if (this.#configured !== undefined && stored !== this.#configured) {
        throw new VectorStoreError(
          `Table "${this.#table}" holds ${stored}-dimensional vectors, but this store was configured ` +
            `with dimensions: ${this.#configured}. Use the embedder that filled the table, or another table.`,
          { code: 'dimension_mismatch' },
        );
      }
      this.#dimensions = stored;
      this.#tableExists = true;
      this.#indexed = row.indexed === true;
    }).catch((error: unknown) => {
      this.#ready = undefined;
      throw error;
    });
    return this.#ready;
  }

  async #createTable(dimensions: number): Promise<void> {
    for (const statement of createTableStatements(this.#table, dimensions)) {
      await this.#pool.query(statement);
    }
    this.#ready = undefined;
    await this.#prepare('create');
  }

  #run<T>(action: string, work: () => Promise<T>): Promise<T> {
    return runMapped(this.#table, action, work);
  }
}

/**
 * A VectorStore on Postgres with pgvector. The table (and the `vector` extension) are created on
 * first write.
 *
 * @example
 * const store = createPgvectorVectorStore({ connectionString: process.env.DATABASE_URL, dimensions: 384 });
 */
export function createPgvectorVectorStore(
  options: PgvectorVectorStoreOptions,
): PgvectorVectorStore {
  return new PgvectorVectorStore(options);
}
