import {
  InvalidArgumentError,
  type RerankCandidate,
  type Reranker,
  RerankerError,
  type RerankResult,
} from '@arsenal/core';
import { retryWithBackoff, throwIfAborted } from '@arsenal/core/adapter';
import { CohereClientV2 } from 'cohere-ai';
import { toRerankerError } from './cohere-errors.js';

/** Cohere recommends at most 1,000 documents per rerank call. */
const API_MAX_DOCUMENTS = 1000;

export interface CohereRerankerOptions {
  /** Default: the COHERE_API_KEY environment variable. */
  apiKey?: string;
  /** Default `rerank-v3.5`. */
  model?: string;
  /** API root. Default `https://api.cohere.com`. */
  baseUrl?: string;
  /** Longer candidate texts are cut to this many tokens by the API. Default: the API's (4096). */
  maxTokensPerDocument?: number;
  /** Retries of 429, 5xx, timeouts and network errors, honouring Retry-After. Default 3. */
  maxRetries?: number;
  /** Delay before the first retry, doubling each time. Default 500 ms. */
  retryBaseDelayMs?: number;
  /** Longest single wait between retries. Default 30,000 ms. */
  retryMaxDelayMs?: number;
  /** Per call attempt. Default 30,000 ms. */
  timeoutMs?: number;
}

/** Re-scores candidates with Cohere's `/v2/rerank`; relevance scores are already in [0, 1]. */
export class CohereReranker implements Reranker {
  readonly id: string;
  readonly model: string;
  readonly #client: CohereClientV2;
  readonly #options: CohereRerankerOptions;
  readonly #apiKey: string;
  readonly #baseUrl: string;

  constructor(options: CohereRerankerOptions = {}) {
    this.model = options.model ?? 'rerank-v3.5';
    const apiKey = options.apiKey ?? process.env.COHERE_API_KEY;
    if (!apiKey) {
      throw new InvalidArgumentError(
        'Cohere reranker: no API key. Set COHERE_API_KEY or pass apiKey.',
      );
    }
    this.#baseUrl = (options.baseUrl ?? 'https://api.cohere.com').replace(/\/+$/, '');
    if (!URL.canParse(this.#baseUrl)) {
      throw new InvalidArgumentError(
        `Cohere reranker: baseUrl "${this.#baseUrl}" is not a URL; e.g. https://api.cohere.com.`,
      );
    }
    const maxTokens = options.maxTokensPerDocument;
    if (maxTokens !== undefined && !(Number.isInteger(maxTokens) && maxTokens >= 1)) {
      throw new InvalidArgumentError(
        `Cohere reranker: maxTokensPerDocument must be a whole number of at least 1, got ${String(maxTokens)}.`,
      );
    }
    // Retries are ours (they honour Retry-After and the caller's signal), so the SDK's are off.
    this.#client = new CohereClientV2({ token: apiKey, baseUrl: this.#baseUrl, maxRetries: 0 });
    this.#apiKey = apiKey;
    this.#options = options;
    this.id = `cohere:${this.model}`;
  }

  async rerank(
    query: string,
    candidates: readonly RerankCandidate[],
    options: { signal?: AbortSignal } = {},
  ): Promise<RerankResult[]> {
    checkInput(query, candidates);
    throwIfAborted(options.signal);
    if (candidates.length === 0) return [];
    const scores = new Array<number>(candidates.length).fill(0);
    for (let start = 0; start < candidates.length; start += API_MAX_DOCUMENTS) {
      const batch = candidates.slice(start, start + API_MAX_DOCUMENTS);
      const batchScores = await this.#rerankBatch(query, batch, options.signal);
      for (const [index, score] of batchScores.entries()) scores[start + index] = score;
    }
    return candidates.map((candidate, index) => ({ id: candidate.id, score: scores[index]! }));
  }

  async #rerankBatch(
    query: string,
    batch: readonly RerankCandidate[],
    signal: AbortSignal | undefined,
  ): Promise<number[]> {
    const timeoutMs = this.#options.timeoutMs ?? 30_000;
    const response = await retryWithBackoff(
      async () => {
        // Our own timer: the SDK reports its timeouts as a bare "timeout" message.
        const timeout = AbortSignal.timeout(timeoutMs);
        const attemptSignal = signal ? AbortSignal.any([signal, timeout]) : timeout;
        try {
          return await this.#client.rerank(
            {
              model: this.model,
              query,
              documents: batch.map((candidate) => candidate.text),
              topN: batch.length,
              ...(this.#options.maxTokensPerDocument === undefined
                ? {}
                : { maxTokensPerDoc: this.#options.maxTokensPerDocument }),
            },
            { abortSignal: attemptSignal, timeoutInSeconds: timeoutMs / 1000 + 1, maxRetries: 0 },
          );
        } catch (error) {
          throw toRerankerError(error, {
            baseUrl: this.#baseUrl,
            apiKey: this.#apiKey,
            signal,
            timeoutMs,
            timedOut: timeout.aborted,
          });
        }
      },
      {
        maxRetries: this.#options.maxRetries ?? 3,
        baseDelayMs: this.#options.retryBaseDelayMs ?? 500,
        maxDelayMs: this.#options.retryMaxDelayMs,
        signal,
      },
    );
    return readScores(response.results, batch.length);
  }
}

/** Scores by document index: the API returns results sorted by relevance, each with `index`. */
function readScores(results: unknown, count: number): number[] {
  const scores: Array<number | undefined> = new Array(count).fill(undefined);
  for (const result of Array.isArray(results) ? results : []) {
    const { index, relevanceScore } = result as { index?: unknown; relevanceScore?: unknown };
    if (
      typeof index === 'number' &&
      Number.isInteger(index) &&
      index >= 0 &&
      index < count &&
      typeof relevanceScore === 'number' &&
      Number.isFinite(relevanceScore)
    ) {
      scores[index] = Math.min(1, Math.max(0, relevanceScore));
    }
  }
  const missing = scores.indexOf(undefined);
  if (missing !== -1) {
    throw new RerankerError(
      `Cohere rerank answered without a score for document ${missing} of ${count}; check baseUrl points at Cohere's v2 API.`,
    );
  }
  return scores as number[];
}

function checkInput(query: string, candidates: readonly RerankCandidate[]): void {
  if (typeof query !== 'string' || query.trim() === '') {
    throw new InvalidArgumentError('Cohere reranker: the query must be a non-empty string.');
  }
  if (!Array.isArray(candidates)) {
    throw new InvalidArgumentError('Cohere reranker: candidates must be an array of { id, text }.');
  }
  for (const candidate of candidates) {
    if (typeof candidate?.text !== 'string' || typeof candidate.id !== 'string') {
      throw new InvalidArgumentError(
        `Cohere reranker: candidate "${String(candidate?.id)}" needs a string id and text.`,
      );
    }
  }
}

/**
 * A Reranker backed by Cohere's rerank API.
 *
 * @example
 * const reranker = createCohereReranker({ model: 'rerank-v3.5' });
 */
export function createCohereReranker(options: CohereRerankerOptions = {}): CohereReranker {
  return new CohereReranker(options);
}
