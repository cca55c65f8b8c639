import { startTestPostgres as startPostgres, type TestPostgres } from '@arsenal/testkit';

export type { TestPostgres } from '@arsenal/testkit';
export { uniqueTable } from '@arsenal/testkit';

/**
 * A real Postgres with pgvector: a PostgreSQL server when one with pgvector is installed, else
 * PGlite with its pgvector extension over the wire protocol (Debian 12 packages no pgvector).
 */
export function startTestPostgres(): Promise<TestPostgres> {
  return startPostgres({ extensions: ['vector'] });
}

/** A Postgres the suite runs against: its name in test titles, and its URL once it is up. */
export interface PgvectorTarget {
  readonly name: string;
  url(): string;
}

/**
 * A pgvector-enabled server of your own, from `DATABASE_URL` (e.g.
 * `postgres://postgres:postgres@127.0.0.1:5432/postgres`), or undefined when unset. The suite
 * creates and drops its own uniquely named tables there.
 */
export function databaseUrlTarget(): PgvectorTarget | undefined {
  const url = process.env.DATABASE_URL;
  if (!url) return undefined;
  const shown = url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1@');
  return { name: `DATABASE_URL (${shown})`, url: () => url };
}
