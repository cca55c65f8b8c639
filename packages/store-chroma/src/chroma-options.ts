import { InvalidArgumentError } from '@arsenal/core';
import { ChromaClient } from 'chromadb';

export interface ChromaVectorStoreOptions {
  /** Chroma server address. Default `http://localhost:8000`. */
  url?: string;
  /** Collection holding the vectors; created on first write. Default `arsenal_tools`. */
  collection?: string;
  /** Vector length. Default: fixed by the first upsert, or read from an existing collection. */
  dimensions?: number;
  tenant?: string;
  database?: string;
  /** Extra HTTP headers, e.g. `{ 'x-chroma-token': '...' }`. */
  headers?: Record<string, string>;
  /** HNSW candidate list size per query; higher is more exact. Default 200. */
  efSearch?: number;
  /** A client you configured yourself (then url, tenant, database and headers are ignored). */
  client?: ChromaClient;
}

const COLLECTION_NAME = /^[a-zA-Z0-9][a-zA-Z0-9._-]{1,510}[a-zA-Z0-9]$/;

/** Refuses a collection name Chroma would refuse, or a vector length that is not a count. */
export function checkOptions(collection: string, dimensions: number | undefined): void {
  if (!COLLECTION_NAME.test(collection) || collection.includes('..')) {
    throw new InvalidArgumentError(
      `collection "${collection}" is not a valid Chroma name: 3-512 characters from a-z, A-Z, 0-9, ".", "_", "-", starting and ending with a letter or digit.`,
    );
  }
  if (dimensions !== undefined && !(Number.isInteger(dimensions) && dimensions > 0)) {
    throw new InvalidArgumentError(
      `dimensions must be a positive integer (your embedder's vector length), got ${dimensions}.`,
    );
  }
}

/** A client for `options.url` (default `http://localhost:8000`), tenant, database and headers. */
export function createClient(options: ChromaVectorStoreOptions): ChromaClient {
  let url: URL;
  try {
    url = new URL(options.url ?? 'http://localhost:8000');
  } catch (error) {
    throw new InvalidArgumentError(
      `url "${options.url}" is not a URL; give the Chroma server address, e.g. http://localhost:8000.`,
      { cause: error },
    );
  }
  const ssl = url.protocol === 'https:';
  return new ChromaClient({
    host: url.hostname,
    port: url.port ? Number(url.port) : ssl ? 443 : 80,
    ssl,
    tenant: options.tenant,
    database: options.database,
    headers: options.headers,
  });
}
