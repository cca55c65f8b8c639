import { basename } from 'node:path';
import {
  InvalidArgumentError,
  type RerankCandidate,
  type Reranker,
  RerankerError,
  type RerankResult,
} from '@arsenal/core';
import { throwIfAborted } from '@arsenal/core/adapter';
import {
  AutoModelForSequenceClassification,
  AutoTokenizer,
  env,
  type PreTrainedModel,
  type PreTrainedTokenizer,
} from '@huggingface/transformers';
import { inspectModelFolder } from './local-model-folder.js';

export interface TransformersRerankerOptions {
  /** Local folder with config.json, tokenizer.json and onnx/<file>. Never downloaded. */
  modelPath: string;
  /** Default `transformers:<folder name>`. */
  id?: string;
  /** Weights precision: picks `onnx/model.onnx` (fp32), `model_quantized.onnx` (q8)... Default fp32. */
  dtype?: 'fp32' | 'fp16' | 'q8' | 'int8' | 'uint8' | 'q4';
  /** (query, text) pairs per forward pass. Default 16. */
  maxBatchSize?: number;
  /** Longest pair in tokens; longer ones are truncated. Default 512. */
  maxLength?: number;
}

const ONNX_FILES: Record<NonNullable<TransformersRerankerOptions['dtype']>, string> = {
  fp32: 'model.onnx',
  fp16: 'model_fp16.onnx',
  q8: 'model_quantized.onnx',
  int8: 'model_int8.onnx',
  uint8: 'model_uint8.onnx',
  q4: 'model_q4.onnx',
};

interface LoadedModel {
  tokenizer: PreTrainedTokenizer;
  model: PreTrainedModel;
}

const sigmoid = (logit: number) => 1 / (1 + Math.exp(-logit));

/**
 * Re-scores candidates with a local cross-encoder (sequence classification over
 * `[CLS] query [SEP] text [SEP]`). One logit → sigmoid; two → the softmax of the second.
 */
export class TransformersReranker implements Reranker {
  readonly id: string;
  readonly maxBatchSize: number;
  readonly #options: TransformersRerankerOptions;
  readonly #path: string;
  #loaded: Promise<LoadedModel> | undefined;

  constructor(options: TransformersRerankerOptions) {
    const dtype = options?.dtype ?? 'fp32';
    if (!(dtype in ONNX_FILES)) {
      throw new InvalidArgumentError(
        `Transformers reranker: dtype must be one of ${Object.keys(ONNX_FILES).join(', ')}, got "${String(dtype)}".`,
      );
    }
    const folder = inspectModelFolder(options?.modelPath, ONNX_FILES[dtype]);
    for (const [name, value] of [
      ['maxBatchSize', options.maxBatchSize],
      ['maxLength', options.maxLength],
    ] as const) {
      if (value !== undefined && !(Number.isInteger(value) && value >= 1)) {
        throw new InvalidArgumentError(
          `Transformers reranker: ${name} must be a whole number of at least 1, got ${String(value)}.`,
        );
      }
    }
    this.#options = { ...options, dtype };
    this.#path = folder.path;
    this.maxBatchSize = options.maxBatchSize ?? 16;
    this.id = options.id ?? `transformers:${basename(folder.path)}`;
  }

  async rerank(
    query: string,
    candidates: readonly RerankCandidate[],
    options: { signal?: AbortSignal } = {},
  ): Promise<RerankResult[]> {
    if (typeof query !== 'string') {
      throw new InvalidArgumentError('Transformers reranker: the query must be a string.');
    }
    if (!Array.isArray(candidates)) {
      throw new InvalidArgumentError(
        'Transformers reranker: candidates must be an array of { id, text }.',
      );
    }
    for (const candidate of candidates) {
      if (typeof candidate?.text !== 'string' || typeof candidate.id !== 'string') {
        throw new InvalidArgumentError(
          `Transformers reranker: candidate "${String(candidate?.id)}" needs a string id and text.`,
        );
      }
    }
    throwIfAborted(options.signal);
    if (candidates.length === 0) return [];
    const { tokenizer, model } = await this.#load();
    const results: RerankResult[] = [];
    for (let start = 0; start < candidates.length; start += this.maxBatchSize) {
      // A forward pass cannot be interrupted; the signal is checked between batches.
      throwIfAborted(options.signal);
      const batch = candidates.slice(start, start + this.maxBatchSize);
      const scores = await this.#score(tokenizer, model, query, batch);
      for (const [index, candidate] of batch.entries()) {
        results.push({ id: candidate.id, score: scores[index]! });
      }
    }
    return results;
  }

  async #score(
    tokenizer: PreTrainedTokenizer,
    model: PreTrainedModel,
    query: string,
    batch: readonly RerankCandidate[],
  ): Promise<number[]> {
    let logits: { dims: number[]; data: ArrayLike<number> };
    try {
      const inputs = tokenizer(
        batch.map(() => query),
        {
          text_pair: batch.map((candidate) => candidate.text),
          padding: true,
          truncation: true,
          max_length: this.#options.maxLength ?? 512,
        },
      );
      ({ logits } = (await model(inputs)) as { logits: typeof logits });
    } catch (error) {
      throw new RerankerError(
        `Transformers reranker: the model in ${this.#path} failed on ${batch.length} candidates: ${(error as Error).message}`,
        { cause: error },
      );
    }
    const [rows, labels] = logits.dims as [number, number];
    if (rows !== batch.length || (labels !== 1 && labels !== 2)) {
      throw new RerankerError(
        `Transformers reranker: the model in ${this.#path} gave ${rows}×${labels} logits for ${batch.length} pairs; a cross-encoder has one (or two) labels.`,
      );
    }
    return Array.from({ length: rows }, (_, row) => {
      const first = Number(logits.data[row * labels]);
      // Two labels: the probability of the second ("relevant") via softmax = sigmoid(l1 - l0).
      const score =
        labels === 1 ? sigmoid(first) : sigmoid(Number(logits.data[row * 2 + 1]) - first);
      return Number.isFinite(score) ? score : 0;
    });
  }

  /** Load once; a failed load is forgotten so a repaired folder works on the next call. */
  #load(): Promise<LoadedModel> {
    if (!this.#loaded) {
      // Local folders only: remote loading is off for the whole process, ids are absolute paths.
      env.allowRemoteModels = false;
      env.allowLocalModels = true;
      env.localModelPath = '/';
      const settings = { local_files_only: true } as const;
      this.#loaded = Promise.all([
        AutoTokenizer.from_pretrained(this.#path, settings),
        AutoModelForSequenceClassification.from_pretrained(this.#path, {
          ...settings,
          dtype: this.#options.dtype,
        }),
      ])
        .then(([tokenizer, model]) => ({ tokenizer, model }))
        .catch((error: unknown) => {
          this.#loaded = undefined;
          throw new RerankerError(
            `Transformers reranker: cannot load the model in ${this.#path}: ${(error as Error).message}`,
            { cause: error },
          );
        });
    }
    return this.#loaded;
  }
}

/**
 * A Reranker running a local cross-encoder in process (no network, no key).
 *
 * @example
 * const reranker = createTransformersReranker({ modelPath: './models/ms-marco-MiniLM-L-6-v2' });
 */
export function createTransformersReranker(
  options: TransformersRerankerOptions,
): TransformersReranker {
  return new TransformersReranker(options);
}
