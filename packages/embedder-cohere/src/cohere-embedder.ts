import { type Embedder, EmbedderError, InvalidArgumentError } from '@arsenal/core';
import { retryWithBackoff, throwIfAborted } from '@arsenal/core/adapter';
import { CohereClientV2 } from 'cohere-ai';
import { toEmbedderError } from './cohere-errors.js';

/** Output sizes of Cohere's embedding models, used when `dimensions` is not set. */
const MODEL_DIMENSIONS: Readonly<Record<string, number>> = {
  'embed-v4.0': 1536,
  'embed-english-v3.0': 1024,
  'embed-multilingual-v3.0': 1024,
  'embed-english-light-v3.0': 384,
  'embed-multilingual-light-v3.0': 384,
};

/** The API takes at most 96 texts per call. */
const API_MAX_TEXTS = 96;

export interface CohereEmbedderOptions {
  /** Default: the COHERE_API_KEY environment variable. */
  apiKey?: string;
  /** Default `embed-v4.0`. */
  model?: string;
  /** Vector length: embed-v4.0 takes 256, 512, 1024 or 1536 (sent as `output_dimension`). */
  dimensions?: number;
  /** API root. Default `https://api.cohere.com`. */
  baseUrl?: string;
  /** Texts per call, at most 96 (the API's limit). Default 96. */
  maxBatchSize?: number;
  /** What the API does with texts over the model's context: `END` cuts the end. Default `END`. */
  truncate?: 'NONE' | 'START' | 'END';
  /** Retries of 429, 5xx, timeouts and network errors, honouring Retry-After. Default 3. */
  maxRetries?: number;
  /** Delay before the first retry, doubling each time. Default 500 ms. */
  retryBaseDelayMs?: number;
  /** Longest single wait between retries. Default 30,000 ms. */
  retryMaxDelayMs?: number;
  /** Per call attempt. Default 60,000 ms. */
  timeoutMs?: number;
}

/**
 * Embeds texts with Cohere's `/v2/embed`. Tools are embedded as `search_document`, queries as
 * `search_query`, as Cohere's retrieval models expect.
 */
export class CohereEmbedder implements Embedder {
  readonly id: string;
  readonly dimensions: number;
  readonly maxBatchSize: number;
  readonly model: string;
  readonly #client: CohereClientV2;
  readonly #options: CohereEmbedderOptions;
  readonly #apiKey: string;
  readonly #baseUrl: string;

  constructor(options: CohereEmbedderOptions = {}) {
    this.model = options.model ?? 'embed-v4.0';
    const dimensions = options.dimensions ?? MODEL_DIMENSIONS[this.model];
    if (dimensions === undefined || !(Number.isInteger(dimensions) && dimensions >= 1)) {
      throw new InvalidArgumentError(
        `Cohere embedder: the vector length of model "${this.model}" is not known; set dimensions to a whole number.`,
      );
    }
    const batch = options.maxBatchSize ?? API_MAX_TEXTS;
    if (!(Number.isInteger(batch) && batch >= 1 && batch <= API_MAX_TEXTS)) {
      throw new InvalidArgumentError(
        `Cohere embedder: maxBatchSize must be a whole number from 1 to ${API_MAX_TEXTS}, got ${String(batch)}.`,
      );
    }
    const apiKey = options.apiKey ?? process.env.COHERE_API_KEY;
    if (!apiKey) {
      throw new InvalidArgumentError(
        'Cohere embedder: no API key. Set COHERE_API_KEY or pass apiKey.',
      );
    }
    this.#baseUrl = (options.baseUrl ?? 'https://api.cohere.com').replace(/\/+$/, '');
    if (!URL.canParse(this.#baseUrl)) {
      throw new InvalidArgumentError(
        `Cohere embedder: baseUrl "${this.#baseUrl}" is not a URL; e.g. https://api.cohere.com.`,
      );
    }
    // Retries are ours (they honour Retry-After and the caller's signal), so the SDK's are off.
    this.#client = new CohereClientV2({ token: apiKey, baseUrl: this.#baseUrl, maxRetries: 0 });
    this.#apiKey = apiKey;
    this.#options = options;
    this.dimensions = dimensions;
    this.maxBatchSize = batch;
    this.id = `cohere:${this.model}${options.dimensions === undefined ? '' : `@${dimensions}`}`;
  }

  async embed(
    texts: readonly string[],
    options: { kind?: 'query' | 'document'; signal?: AbortSignal } = {},
  ): Promise<Float32Array[]> {
    if (!Array.isArray(texts) || texts.some((text) => typeof text !== 'string' || text === '')) {
      throw new InvalidArgumentError(
        'Cohere embedder: embed() takes an array of non-empty strings.',
      );
    }
    throwIfAborted(options.signal);
    const inputType = options.kind === 'query' ? 'search_query' : 'search_document';
    const vectors: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += this.maxBatchSize) {
      const batch = texts.slice(start, start + this.maxBatchSize);
      vectors.push(...(await this.#embedBatch(batch, inputType, options.signal)));
    }
    return vectors;
  }

  async #embedBatch(
    texts: string[],
    inputType: 'search_query' | 'search_document',
    signal: AbortSignal | undefined,
  ): Promise<Float32Array[]> {
    const timeoutMs = this.#options.timeoutMs ?? 60_000;
    const response = await retryWithBackoff(
      async () => {
        // Our own timer: the SDK reports its timeouts as a bare "timeout" message.
        const timeout = AbortSignal.timeout(timeoutMs);
        const attemptSignal = signal ? AbortSignal.any([signal, timeout]) : timeout;
        try {
          return await this.#client.embed(
            {
              model: this.model,
              texts,
              inputType,
              embeddingTypes: ['float'],
              truncate: this.#options.truncate ?? 'END',
              ...(this.#options.dimensions === undefined
                ? {}
                : { outputDimension: this.dimensions }),
            },
            { abortSignal: attemptSignal, timeoutInSeconds: timeoutMs / 1000 + 1, maxRetries: 0 },
          );
        } catch (error) {
          throw toEmbedderError(error, {
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
    const floats = response.embeddings?.float;
    if (!Array.isArray(floats) || floats.length !== texts.length) {
      throw new EmbedderError(
        `Cohere answered with ${Array.isArray(floats) ? floats.length : 'no'} float embeddings for ${texts.length} texts; check baseUrl points at Cohere's v2 API.`,
      );
    }
    return floats.map((embedding, index) => {
      if (embedding.length !== this.dimensions) {
        throw new EmbedderError(
          `Cohere model "${this.model}" returned a ${embedding.length}-number vector for text ${index}, but the embedder was set up for ${this.dimensions}; set dimensions to the model's size.`,
        );
      }
      return Float32Array.from(embedding);
    });
  }
}

/**
 * An Embedder backed by Cohere's embed API.
 *
 * @example
 * const embedder = createCohereEmbedder({ model: 'embed-v4.0', dimensions: 512 });
 */
export function createCohereEmbedder(options: CohereEmbedderOptions = {}): CohereEmbedder {
  return new CohereEmbedder(options);
}
