import { ArsenalError, VectorStoreError } from '@arsenal/core';

/** The HTTP status of a client failure, when the server answered at all. */
export function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown })?.status;
  return typeof status === 'number' ? status : undefined;
}

/** Maps a Qdrant client failure to a VectorStoreError; unreachable, 5xx and 429 are retryable. */
export function toVectorStoreError(
  error: unknown,
  collection: string,
  action: string,
): ArsenalError {
  if (ArsenalError.isInstance(error)) return error;
  const status = statusOf(error);
  const name = error instanceof Error ? error.name : '';
  const detail = describe(error);
  if (name === 'QdrantClientResourceExhaustedError' || status === 429) {
    return new VectorStoreError(
      `Qdrant rate-limited a request to ${action} collection "${collection}": ${detail}`,
      { cause: error, retryable: true, code: 'rate_limited' },
    );
  }
  if (status === undefined || status >= 500 || name === 'QdrantClientTimeoutError') {
    return new VectorStoreError(
      `Qdrant is unavailable while trying to ${action} collection "${collection}": ${detail}. ` +
        'Check that the server is running and reachable; the operation can be retried.',
      { cause: error, retryable: true, code: 'vector_store_unavailable' },
    );
  }
  return new VectorStoreError(
    `Qdrant refused to ${action} collection "${collection}" (HTTP ${status}): ${detail}`,
    { cause: error },
  );
}

function describe(error: unknown): string {
  const data = (error as { data?: { status?: { error?: unknown } } })?.data;
  if (typeof data?.status?.error === 'string') return data.status.error;
  const cause = (error as { cause?: { code?: unknown } })?.cause?.code;
  const message = error instanceof Error ? error.message : String(error);
  return typeof cause === 'string' ? `${message} (${cause})` : message;
}
