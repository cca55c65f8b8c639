import type { MetadataValue } from '@arsenal/core';

/**
 * The table and its GIN metadata index, each made only when missing. The HNSW index comes after
 * the first load (`vectorIndexStatement`): building it over loaded rows is several times faster
 * than growing it one insert at a time.
 */
export function createTableStatements(table: string, dimensions: number): string[] {
  const quoted = `"${table}"`;
  return [
    'CREATE EXTENSION IF NOT EXISTS vector',
    `CREATE TABLE IF NOT EXISTS ${quoted} (id text PRIMARY KEY, ` +
      `embedding vector(${dimensions}) NOT NULL, metadata jsonb NOT NULL DEFAULT '{}'::jsonb)`,
    `CREATE INDEX IF NOT EXISTS "${table}_metadata_gin" ON ${quoted} USING gin (metadata jsonb_path_ops)`,
  ];
}

/** The HNSW cosine index's name, and the statement that makes it when missing. */
export function vectorIndexName(table: string): string {
  return `${table}_embedding_hnsw`;
}

export function vectorIndexStatement(table: string): string {
  return `CREATE INDEX IF NOT EXISTS "${vectorIndexName(table)}" ON "${table}" USING hnsw (embedding vector_cosine_ops)`;
}

/** One multi-row upsert: `rows` × (id, vector, metadata) parameters. */
export function insertSql(quoted: string, rows: number): string {
  const values = Array.from(
    { length: rows },
    (_, row) => `($${row * 3 + 1}, $${row * 3 + 2}::vector, $${row * 3 + 3}::jsonb)`,
  ).join(', ');
  return (
    `INSERT INTO ${quoted} (id, embedding, metadata) VALUES ${values} ` +
    'ON CONFLICT (id) DO UPDATE SET embedding = EXCLUDED.embedding, metadata = EXCLUDED.metadata'
  );
}

/**
 * Whether the table exists (a row) with its vector length, and whether the HNSW index exists:
 * `$1` the quoted table name, `$2` the quoted index name.
 */
export const TABLE_INFO_SQL = `SELECT a.atttypmod AS dimensions, to_regclass($2) IS NOT NULL AS indexed
   FROM pg_attribute a
  WHERE a.attrelid = to_regclass($1) AND a.attname = 'embedding' AND NOT a.attisdropped`;

/** The k-NN query: `$1` the query vector, `$2` topK, the filter's parameters from `$3` on. */
export function nearestSql(quoted: string, where: string, includeVectors: boolean): string {
  const columns = `id, metadata, embedding <=> $1::vector AS distance${includeVectors ? ', embedding::text AS embedding' : ''}`;
  return `SELECT ${columns} FROM ${quoted} WHERE ${where} ORDER BY embedding <=> $1::vector LIMIT $2`;
}

/** A row of a k-NN query. */
export interface QueryRow {
  id: string;
  metadata: Record<string, MetadataValue>;
  distance: number;
  embedding?: string;
}

/** pgvector's text form: `[1,2,3]`. */
export function vectorLiteral(vector: ArrayLike<number>): string {
  return `[${Array.from(vector).join(',')}]`;
}

export function parseVector(text: string): Float32Array {
  return Float32Array.from(JSON.parse(text) as number[]);
}

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size)
    chunks.push(items.slice(start, start + size));
  return chunks;
}
