import {
  checkedVectorLength,
  copyMetadata,
  InvalidArgumentError,
  type MetadataValue,
  parseMetadataFilter,
  throwIfAborted,
  type VectorMatch,
  type VectorQuery,
  type VectorRecord,
  type VectorStore,
  VectorStoreError,
  type VectorUpsertOptions,
} from '@arsenal/core';
import pg from 'pg';
import { checkedOptions, type PgvectorVectorStoreOptions } from './pgvector-options.js';
import {
  chunk,
  createTableStatements,
  insertSql,
  parseVector,
  type QueryRow,
  vectorIndexName,
  vectorIndexStatement,
  vectorLiteral,
} from './pgvector-sql.js';
import { toVectorStoreError } from './postgres-errors.js';
import { toSqlFilter } from './sql-filter.js';

/** Rows per INSERT statement: 3 parameters each, far below Postgres' 65535. */
const ROWS_PER_STATEMENT = 500;

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
  readonly #efSearch: number;
  /** Connections whose HNSW settings are already made. */
  readonly #tuned = new WeakSet<pg.PoolClient>();

  constructor(options: PgvectorVectorStoreOptions) {
    const { table, dimensions, efSearch } = checkedOptions(options);
    this.#table = table;
    this.#quoted = `"${table}"`;
    this.#configured = dimensions;
    this.#dimensions = dimensions;
    this.#ownsPool = options.pool === undefined;
    this.#pool =
      options.pool ??
      new pg.Pool({
        connectionString: options.connectionString,
        max: options.maxConnections ?? 4,
        connectionTimeoutMillis: options.connectionTimeoutMs ?? 10_000,
      });
    // An idle connection dropped by the server must not crash the process: the next query reconnects.
    this.#pool.on('error', () => {});
    this.#efSearch = efSearch;
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
      await this.#insert([...rows.values()]);
      // A bulk load builds the HNSW index once, over all its rows, when its last write lands.
      if (!this.#indexed && !options.moreToCome) {
        await this.#pool.query(vectorIndexStatement(this.#table));
        this.#indexed = true;
      }
    });
  }

  async #insert(rows: [string, string, string][]): Promise<void> {
    const batches = chunk(rows, ROWS_PER_STATEMENT);
    if (batches.length === 1) {
      await this.#pool.query(insertSql(this.#quoted, batches[0]!.length), batches[0]!.flat());
      return;
    }
    const client = await this.#pool.connect();
    try {
      await client.query('BEGIN');
      for (const batch of batches)
        await client.query(insertSql(this.#quoted, batch.length), batch.flat());
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
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
    const columns = `id, metadata, embedding <=> $1::vector AS distance${includeVectors ? ', embedding::text AS embedding' : ''}`;
    const sql =
      `SELECT ${columns} FROM ${this.#quoted} WHERE ${where.sql} ` +
      'ORDER BY embedding <=> $1::vector LIMIT $2';
    const result = await this.#run('query', async () => {
      const client = await this.#pool.connect();
      try {
        await this.#tune(client);
        return await client.query<QueryRow>(sql, [
          vectorLiteral(query.vector),
          topK,
          ...where.params,
        ]);
      } finally {
        client.release();
      }
    });
    throwIfAborted(signal);
    const matches = result.rows.map((row) => {
      const match: VectorMatch = {
        id: row.id,
        score: Math.max(-1, Math.min(1, 1 - Number(row.distance))),
        metadata: row.metadata,
      };
      if (row.embedding !== undefined) match.vector = parseVector(row.embedding);
      return match;
    });
    // Equal scores come back in a stable order: by id, as the in-memory store does.
    return matches.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  async get(ids: readonly string[], options: { signal?: AbortSignal } = {}) {
    throwIfAborted(options.signal);
    if (ids.length === 0) return [];
    await this.#prepare('read');
    if (!this.#tableExists) return [];
    const result = await this.#run('read', () =>
      this.#pool.query<{ id: string; metadata: Record<string, MetadataValue>; embedding: string }>(
        `SELECT id, metadata, embedding::text AS embedding FROM ${this.#quoted} WHERE id = ANY($1::text[])`,
        [[...ids]],
      ),
    );
    const byId = new Map(result.rows.map((row) => [row.id, row]));
    const records: VectorRecord[] = [];
    for (const id of new Set(ids)) {
      const row = byId.get(id);
      if (row) records.push({ id, vector: parseVector(row.embedding), metadata: row.metadata });
    }
    return records;
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

  /** Sets the HNSW search options once per connection. */
  async #tune(client: pg.PoolClient): Promise<void> {
    if (this.#tuned.has(client)) return;
    await client.query(`SET hnsw.ef_search = ${this.#efSearch}`);
    // pgvector 0.8+: keep walking the index until enough rows pass the filter (older: ignored).
    await client.query('SET hnsw.iterative_scan = strict_order').catch(() => {});
    this.#tuned.add(client);
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
        `SELECT a.atttypmod AS dimensions, to_regclass($2) IS NOT NULL AS indexed
           FROM pg_attribute a
          WHERE a.attrelid = to_regclass($1) AND a.attname = 'embedding' AND NOT a.attisdropped`,
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

  async #run<T>(action: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const mapped = toVectorStoreError(error, this.#table, action);
      if (mapped.code !== 'vector_store_unavailable') throw mapped;
    }
    // A pooled connection the server dropped (a restart) fails once; a fresh one may not.
    try {
      return await work();
    } catch (error) {
      throw toVectorStoreError(error, this.#table, action);
    }
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
