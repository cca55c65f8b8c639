import { type Embedder, EmbedderError, InvalidArgumentError } from '@arsenal/core';
import { throwIfAborted } from '@arsenal/core/adapter';
import { splitIntoBatches } from './embedding-batches.js';
import { postEmbeddings } from './openai-request.js';

/** Output sizes of OpenAI's embedding models, used when `dimensions` is not set. */
const MODEL_DIMENSIONS: Readonly<Record<string, number>> = {
  'text-embedding-3-small': 1536,
  'text-embedding-3-large': 3072,
  'text-embedding-ada-002': 1536,
};

/** The API's limits: 2048 inputs and 300,000 tokens summed over one request. */
const API_MAX_INPUTS = 2048;
const API_MAX_TOKENS = 300_000;

export interface OpenAIEmbedderOptions {
  /** Sent as `Authorization: Bearer`. Default: the OPENAI_API_KEY environment variable. */
  apiKey?: string;
  /** Default `text-embedding-3-small`. */
  model?: string;
  /** Vector length. text-embedding-3 models shorten to it; required for models not listed. */
  dimensions?: number;
  /** API root, for Azure OpenAI or compatible servers. Default `https://api.openai.com/v1`. */
  baseUrl?: string;
  /** Extra headers (Azure's `api-key`, `OpenAI-Organization`, a proxy's auth). */
  headers?: Record<string, string>;
  /** Inputs per request, at most 2048 (the API's limit). Default 2048. */
  maxBatchSize?: number;
  /** Estimated tokens per request, at most 300,000 (the API's limit). Default 300,000. */
  maxTokensPerRequest?: number;
  /** Retries of 429, 5xx and network failures, with backoff honouring Retry-After. Default 3. */
  maxRetries?: number;
  /** Delay before the first retry, doubling each time. Default 500 ms. */
  retryBaseDelayMs?: number;
  /** Longest single wait between retries. Default 30,000 ms. */
  retryMaxDelayMs?: number;
  /** Per request attempt. Default 60,000 ms. */
  timeoutMs?: number;
}

function positiveInteger(value: number | undefined, name: string, max = Number.MAX_SAFE_INTEGER) {
  if (value !== undefined && !(Number.isInteger(value) && value >= 1 && value <= max)) {
    throw new InvalidArgumentError(
      `OpenAI embedder: ${name} must be a whole number from 1 to ${max}, got ${String(value)}.`,
    );
  }
}

/** Embeds texts with OpenAI's `/embeddings` endpoint (or an API that speaks it). */
export class OpenAIEmbedder implements Embedder {
  readonly id: string;
  readonly dimensions: number;
  readonly maxBatchSize: number;
  readonly model: string;
  readonly #options: OpenAIEmbedderOptions;
  readonly #url: string;
  readonly #headers: Record<string, string>;

  constructor(options: OpenAIEmbedderOptions = {}) {
    positiveInteger(options.dimensions, 'dimensions');
    positiveInteger(options.maxBatchSize, 'maxBatchSize', API_MAX_INPUTS);
    positiveInteger(options.maxTokensPerRequest, 'maxTokensPerRequest', API_MAX_TOKENS);
    this.model = options.model ?? 'text-embedding-3-small';
    const dimensions = options.dimensions ?? MODEL_DIMENSIONS[this.model];
    if (dimensions === undefined) {
      throw new InvalidArgumentError(
        `OpenAI embedder: the vector length of model "${this.model}" is not known; set dimensions.`,
      );
    }
    const apiKey = options.apiKey ?? process.env.OPENAI_API_KEY;
    const headers = { ...options.headers };
    if (apiKey) headers.authorization = `Bearer ${apiKey}`;
    if (!apiKey && !Object.keys(headers).some((name) => /^(authorization|api-key)$/i.test(name))) {
      throw new InvalidArgumentError(
        'OpenAI embedder: no API key. Set OPENAI_API_KEY, pass apiKey, or pass the auth header in headers (Azure: { "api-key": ... }).',
      );
    }
    let base: URL;
    try {
      base = new URL(options.baseUrl ?? 'https://api.openai.com/v1');
    } catch (error) {
      throw new InvalidArgumentError(
        `OpenAI embedder: baseUrl "${options.baseUrl}" is not a URL; e.g. https://api.openai.com/v1.`,
        { cause: error },
      );
    }
    this.#url = `${base.href.replace(/\/+$/, '')}/embeddings`;
    this.#headers = headers;
    this.#options = options;
    this.dimensions = dimensions;
    this.maxBatchSize = options.maxBatchSize ?? API_MAX_INPUTS;
    this.id = `openai:${this.model}${options.dimensions === undefined ? '' : `@${dimensions}`}`;
  }

  async embed(
    texts: readonly string[],
    options: { kind?: 'query' | 'document'; signal?: AbortSignal } = {},
  ): Promise<Float32Array[]> {
    checkTexts(texts);
    throwIfAborted(options.signal);
    if (texts.length === 0) return [];
    const vectors: Float32Array[] = [];
    const batches = splitIntoBatches(texts, {
      maxInputs: this.maxBatchSize,
      maxTokens: this.#options.maxTokensPerRequest ?? API_MAX_TOKENS,
    });
    for (const [start, end] of batches) {
      vectors.push(...(await this.#embedBatch(texts.slice(start, end), options.signal)));
    }
    return vectors;
  }

  async #embedBatch(input: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const body = await postEmbeddings({
      url: this.#url,
      headers: this.#headers,
      body: {
        model: this.model,
        input,
        encoding_format: 'float',
        ...(this.#options.dimensions === undefined ? {} : { dimensions: this.dimensions }),
      },
      timeoutMs: this.#options.timeoutMs ?? 60_000,
      maxRetries: this.#options.maxRetries,
      baseDelayMs: this.#options.retryBaseDelayMs ?? 500,
      maxDelayMs: this.#options.retryMaxDelayMs,
      signal,
    });
    return readVectors(body, input.length, this.dimensions);
  }
}

function checkTexts(texts: readonly string[]): void {
  if (!Array.isArray(texts)) {
    throw new InvalidArgumentError('OpenAI embedder: embed() takes an array of strings.');
  }
  for (const [index, text] of texts.entries()) {
    if (typeof text !== 'string' || text.length === 0) {
      throw new InvalidArgumentError(
        `OpenAI embedder: text ${index} is ${typeof text === 'string' ? 'empty' : `a ${typeof text}`}; the API embeds non-empty strings only.`,
      );
    }
  }
}

/** Vectors from `{ data: [{ index, embedding }] }`, placed by `index` (the API may reorder). */
function readVectors(body: unknown, count: number, dimensions: number): Float32Array[] {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data) || data.length !== count) {
    throw new EmbedderError(
      `OpenAI embeddings response has ${Array.isArray(data) ? data.length : 'no'} vectors for ${count} inputs; check baseUrl points at an OpenAI-compatible API.`,
    );
  }
  const vectors = new Array<Float32Array>(count);
  for (const [position, item] of data.entries()) {
    const { index = position, embedding } = item as { index?: number; embedding?: unknown };
    const placed = Number.isInteger(index) && index >= 0 && index < count && !vectors[index];
    if (!placed || !Array.isArray(embedding) || embedding.length !== dimensions) {
      throw new EmbedderError(
        `OpenAI embeddings response item ${position} is not a ${dimensions}-number vector at a fresh index (got ${Array.isArray(embedding) ? embedding.length : typeof embedding} at ${String(index)}); set dimensions to the model's size.`,
      );
    }
    vectors[index] = Float32Array.from(embedding as number[]);
  }
  return vectors;
}

/**
 * An Embedder backed by OpenAI's embeddings API.
 *
 * @example
 * const embedder = createOpenAIEmbedder({ model: 'text-embedding-3-small', dimensions: 512 });
 */
export function createOpenAIEmbedder(options: OpenAIEmbedderOptions = {}): OpenAIEmbedder {
  return new OpenAIEmbedder(options);
}
