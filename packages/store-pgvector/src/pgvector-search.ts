import type pg from 'pg';
import type { QueryRow } from './pgvector-sql.js';

/** k-NN queries on pooled connections whose HNSW search options are set (once per connection). */
export class HnswSearch {
  readonly #pool: pg.Pool;
  readonly #efSearch: number;
  /** Connections whose HNSW settings are already made. */
  readonly #tuned = new WeakSet<pg.PoolClient>();

  constructor(pool: pg.Pool, efSearch: number) {
    this.#pool = pool;
    this.#efSearch = efSearch;
  }

  async query(sql: string, params: unknown[]): Promise<pg.QueryResult<QueryRow>> {
    const client = await this.#pool.connect();
    try {
      await this.#tune(client);
      return await client.query<QueryRow>(sql, params);
    } finally {
      client.release();
    }
  }

  /** Sets the HNSW search options once per connection. */
  async #tune(client: pg.PoolClient): Promise<void> {
    if (this.#tuned.has(client)) return;
    await client.query(`SET hnsw.ef_search = ${this.#efSearch}`);
    // pgvector 0.8+: keep walking the index until enough rows pass the filter (older: ignored).
    await client.query('SET hnsw.iterative_scan = strict_order').catch(() => {});
    this.#tuned.add(client);
  }
}
