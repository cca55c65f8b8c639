import { startTestPostgres as startPostgres, type TestPostgres } from '@arsenal/testkit';

export type { TestPostgres } from '@arsenal/testkit';
export { uniqueTable } from '@arsenal/testkit';

/** A real Postgres with pgvector (PGlite over the wire protocol) in a child process. */
export function startTestPostgres(): Promise<TestPostgres> {
  return startPostgres({ extensions: ['vector'] });
}
