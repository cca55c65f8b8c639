import { type Embedder, EmbedderError, InvalidArgumentError } from '@arsenal/core';
import { throwIfAborted } from '@arsenal/core/adapter';
import { postOllama } from './ollama-request.js';

/** Output sizes of common Ollama embedding models, used when `dimensions` is not set. */
const MODEL_DIMENSIONS: Readonly<Record<string, number>> = {
  'nomic-embed-text': 768,
  'mxbai-embed-large': 1024,
  'all-minilm': 384,
  'bge-m3': 1024,
  'snowflake-arctic-embed': 1024,
};

export interface OllamaEmbedderOptions {
  /** An embedding model pulled into Ollama. Default `nomic-embed-text`. */
  model?: string;
  /** Vector length; required for models not listed in the README. */
  dimensions?: number;
  /** Ollama's address. Default: OLLAMA_URL, else `http://127.0.0.1:11434`. */
  baseUrl?: string;
  /** Extra headers (a proxy's auth). */
  headers?: Record<string, string>;
  /** Prepended to queries (`kind: 'query'`), e.g. `search_query: ` for nomic-embed-text. */
  queryPrefix?: string;
  /** Prepended to documents, e.g. `search_document: ` for nomic-embed-text. */
  documentPrefix?: string;
  /** Inputs per request. Default 64. */
  maxBatchSize?: number;
  /** How long Ollama keeps the model loaded after a call (`5m`, `-1`). Default: Ollama's. */
  keepAlive?: string | number;
  /** Truncate inputs longer than the model's context instead of failing. Default true. */
  truncate?: boolean;
  /** Retries of 429, 5xx, timeouts and network errors, with backoff. Default 3. */
  maxRetries?: number;
  /** Delay before the first retry, doubling each time. Default 250 ms. */
  retryBaseDelayMs?: number;
  /** Longest single wait between retries. Default 30,000 ms. */
  retryMaxDelayMs?: number;
  /** Per request attempt; the first call may load the model. Default 120,000 ms. */
  timeoutMs?: number;
}

/** Embeds texts with a local Ollama server's `POST /api/embed`. */
export class OllamaEmbedder implements Embedder {
  readonly id: string;
  readonly dimensions: number;
  readonly maxBatchSize: number;
  readonly model: string;
  readonly #options: OllamaEmbedderOptions;
  readonly #url: string;

  constructor(options: OllamaEmbedderOptions = {}) {
    this.model = options.model ?? 'nomic-embed-text';
    const dimensions = options.dimensions ?? MODEL_DIMENSIONS[this.model.replace(/:latest$/, '')];
    if (dimensions === undefined || !(Number.isInteger(dimensions) && dimensions >= 1)) {
      throw new InvalidArgumentError(
        `Ollama embedder: the vector length of model "${this.model}" is not known; set dimensions to a whole number (\`ollama show ${this.model}\` lists its embedding length).`,
      );
    }
    const batch = options.maxBatchSize ?? 64;
    if (!(Number.isInteger(batch) && batch >= 1)) {
      throw new InvalidArgumentError(
        `Ollama embedder: maxBatchSize must be a whole number of at least 1, got ${String(batch)}.`,
      );
    }
    const raw = options.baseUrl ?? process.env.OLLAMA_URL ?? 'http://127.0.0.1:11434';
    let base: URL;
    try {
      base = new URL(raw);
    } catch (error) {
      throw new InvalidArgumentError(
        `Ollama embedder: baseUrl "${raw}" is not a URL; e.g. http://127.0.0.1:11434.`,
        { cause: error },
      );
    }
    this.#url = `${base.href.replace(/\/+$/, '')}/api/embed`;
    this.#options = options;
    this.dimensions = dimensions;
    this.maxBatchSize = batch;
    const prefixes = options.queryPrefix || options.documentPrefix ? '+prefixes' : '';
    this.id = `ollama:${this.model}${options.dimensions === undefined ? '' : `@${dimensions}`}${prefixes}`;
  }

  async embed(
    texts: readonly string[],
    options: { kind?: 'query' | 'document'; signal?: AbortSignal } = {},
  ): Promise<Float32Array[]> {
    if (!Array.isArray(texts) || texts.some((text) => typeof text !== 'string')) {
      throw new InvalidArgumentError('Ollama embedder: embed() takes an array of strings.');
    }
    throwIfAborted(options.signal);
    const prefix =
      (options.kind === 'query' ? this.#options.queryPrefix : this.#options.documentPrefix) ?? '';
    const vectors: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += this.maxBatchSize) {
      const input = texts.slice(start, start + this.maxBatchSize).map((text) => prefix + text);
      const body = await postOllama({
        url: this.#url,
        headers: this.#options.headers ?? {},
        body: {
          model: this.model,
          input,
          truncate: this.#options.truncate ?? true,
          ...(this.#options.keepAlive === undefined ? {} : { keep_alive: this.#options.keepAlive }),
          ...(this.#options.dimensions === undefined ? {} : { dimensions: this.dimensions }),
        },
        timeoutMs: this.#options.timeoutMs ?? 120_000,
        maxRetries: this.#options.maxRetries,
        baseDelayMs: this.#options.retryBaseDelayMs ?? 250,
        maxDelayMs: this.#options.retryMaxDelayMs,
        signal: options.signal,
      });
      vectors.push(...this.#readVectors(body, input.length));
    }
    return vectors;
  }

  /** Vectors from `{ embeddings: number[][] }`, one per input, in input order. */
  #readVectors(body: unknown, count: number): Float32Array[] {
    const embeddings = (body as { embeddings?: unknown } | null)?.embeddings;
    if (!Array.isArray(embeddings) || embeddings.length !== count) {
      throw new EmbedderError(
        `Ollama answered with ${Array.isArray(embeddings) ? embeddings.length : 'no'} embeddings for ${count} inputs; check baseUrl points at Ollama 0.3.4 or later (/api/embed).`,
      );
    }
    return embeddings.map((embedding, index) => {
      if (!Array.isArray(embedding) || embedding.length !== this.dimensions) {
        throw new EmbedderError(
          `Ollama model "${this.model}" returned a ${Array.isArray(embedding) ? embedding.length : 0}-number vector for input ${index}, but the embedder was set up for ${this.dimensions}; set dimensions to the model's embedding length.`,
        );
      }
      return Float32Array.from(embedding as number[]);
    });
  }
}

/**
 * An Embedder backed by a local Ollama server.
 *
 * @example
 * const embedder = createOllamaEmbedder({ model: 'nomic-embed-text' });
 */
export function createOllamaEmbedder(options: OllamaEmbedderOptions = {}): OllamaEmbedder {
  return new OllamaEmbedder(options);
}
