import { ArsenalError, VectorStoreError } from '@arsenal/core';

/** Maps a chromadb client failure to a VectorStoreError; an unreachable or failing server is retryable. */
export function toVectorStoreError(
  error: unknown,
  collection: string,
  action: string,
): ArsenalError {
  if (ArsenalError.isInstance(error)) return error;
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  if (
    name === 'ChromaConnectionError' ||
    name === 'ChromaServerError' ||
    /fetch failed|ECONNREFUSED|ECONNRESET/i.test(message)
  ) {
    return new VectorStoreError(
      `Chroma is unavailable while trying to ${action} collection "${collection}": ${message}. ` +
        'Check that the server is running and reachable; the operation can be retried.',
      { cause: error, retryable: true, code: 'vector_store_unavailable' },
    );
  }
  if (name === 'ChromaRateLimitError') {
    return new VectorStoreError(
      `Chroma rate-limited a request to ${action} collection "${collection}": ${message}`,
      {
        cause: error,
        retryable: true,
        code: 'rate_limited',
      },
    );
  }
  const dimension = /expecting embedding with dimension of (\d+), got (\d+)/.exec(message);
  if (dimension) {
    return new VectorStoreError(
      `Collection "${collection}" holds ${dimension[1]}-dimensional vectors, but a vector has ${dimension[2]}. ` +
        'Embed with the model that filled the collection, or use another collection.',
      { cause: error, code: 'dimension_mismatch' },
    );
  }
  return new VectorStoreError(`Chroma failed to ${action} collection "${collection}": ${message}`, {
    cause: error,
  });
}
