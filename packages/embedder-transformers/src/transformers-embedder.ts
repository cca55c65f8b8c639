import { basename } from 'node:path';
import { type Embedder, EmbedderError, InvalidArgumentError } from '@arsenal/core';
import { throwIfAborted } from '@arsenal/core/adapter';
import { env, type FeatureExtractionPipeline, pipeline } from '@huggingface/transformers';
import { inspectModelFolder } from './local-model-folder.js';

export interface TransformersEmbedderOptions {
  /** Local folder with config.json, tokenizer.json and onnx/<file>. Never downloaded. */
  modelPath: string;
  /** Stable id for re-embedding decisions. Default `transformers:<folder name>`. */
  id?: string;
  /** Vector length. Default: `hidden_size` from config.json. */
  dimensions?: number;
  /** Weights precision: picks `onnx/model.onnx` (fp32), `model_quantized.onnx` (q8)... Default fp32. */
  dtype?: 'fp32' | 'fp16' | 'q8' | 'int8' | 'uint8' | 'q4';
  /** How token vectors become one vector. Default `mean` (sentence-transformers models). */
  pooling?: 'mean' | 'cls';
  /** Scale vectors to unit length. Default true. */
  normalize?: boolean;
  /** Prepended to queries, e.g. `query: ` for E5 models. */
  queryPrefix?: string;
  /** Prepended to documents, e.g. `passage: ` for E5 models. */
  documentPrefix?: string;
  /** Texts per forward pass. Default 32. */
  maxBatchSize?: number;
}

const ONNX_FILES: Record<NonNullable<TransformersEmbedderOptions['dtype']>, string> = {
  fp32: 'model.onnx',
  fp16: 'model_fp16.onnx',
  q8: 'model_quantized.onnx',
  int8: 'model_int8.onnx',
  uint8: 'model_uint8.onnx',
  q4: 'model_q4.onnx',
};

/** Embeds texts in process with `@huggingface/transformers` and a model from a local folder. */
export class TransformersEmbedder implements Embedder {
  readonly id: string;
  readonly dimensions: number;
  readonly maxBatchSize: number;
  readonly #options: TransformersEmbedderOptions;
  readonly #path: string;
  #extractor: Promise<FeatureExtractionPipeline> | undefined;

  constructor(options: TransformersEmbedderOptions) {
    const dtype = options?.dtype ?? 'fp32';
    if (!(dtype in ONNX_FILES)) {
      throw new InvalidArgumentError(
        `Transformers embedder: dtype must be one of ${Object.keys(ONNX_FILES).join(', ')}, got "${String(dtype)}".`,
      );
    }
    const folder = inspectModelFolder(options?.modelPath, ONNX_FILES[dtype]);
    const dimensions = options.dimensions ?? folder.hiddenSize;
    if (dimensions === undefined || !(Number.isInteger(dimensions) && dimensions >= 1)) {
      throw new InvalidArgumentError(
        `Transformers embedder: config.json in ${folder.path} names no hidden_size; set dimensions.`,
      );
    }
    const batch = options.maxBatchSize ?? 32;
    if (!(Number.isInteger(batch) && batch >= 1)) {
      throw new InvalidArgumentError(
        `Transformers embedder: maxBatchSize must be a whole number of at least 1, got ${String(batch)}.`,
      );
    }
    this.#options = { ...options, dtype };
    this.#path = folder.path;
    this.dimensions = dimensions;
    this.maxBatchSize = batch;
    this.id = options.id ?? `transformers:${basename(folder.path)}`;
  }

  async embed(
    texts: readonly string[],
    options: { kind?: 'query' | 'document'; signal?: AbortSignal } = {},
  ): Promise<Float32Array[]> {
    if (!Array.isArray(texts) || texts.some((text) => typeof text !== 'string')) {
      throw new InvalidArgumentError('Transformers embedder: embed() takes an array of strings.');
    }
    throwIfAborted(options.signal);
    if (texts.length === 0) return [];
    const extractor = await this.#load();
    const prefix =
      (options.kind === 'query' ? this.#options.queryPrefix : this.#options.documentPrefix) ?? '';
    const vectors: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += this.maxBatchSize) {
      // A forward pass cannot be interrupted; the signal is checked between batches.
      throwIfAborted(options.signal);
      const batch = texts.slice(start, start + this.maxBatchSize).map((text) => prefix + text);
      let output: Awaited<ReturnType<FeatureExtractionPipeline>>;
      try {
        output = await extractor(batch, {
          pooling: this.#options.pooling ?? 'mean',
          normalize: this.#options.normalize ?? true,
        });
      } catch (error) {
        throw new EmbedderError(
          `Transformers embedder: the model in ${this.#path} failed on a batch of ${batch.length}: ${(error as Error).message}`,
          { cause: error },
        );
      }
      const [rows, width] = output.dims as [number, number];
      if (rows !== batch.length || width !== this.dimensions) {
        throw new EmbedderError(
          `Transformers embedder: the model in ${this.#path} produced ${rows}×${width} vectors for ${batch.length} texts, but dimensions is ${this.dimensions}; set dimensions to the model's output size.`,
        );
      }
      const data = output.data as Float32Array;
      for (let row = 0; row < rows; row += 1) {
        vectors.push(Float32Array.from(data.subarray(row * width, (row + 1) * width)));
      }
    }
    return vectors;
  }

  /** Load once; a failed load is forgotten so a repaired folder works on the next call. */
  #load(): Promise<FeatureExtractionPipeline> {
    if (!this.#extractor) {
      // Local folders only: remote loading is turned off for the whole process, and the model
      // id is an absolute path under a root of "/".
      env.allowRemoteModels = false;
      env.allowLocalModels = true;
      env.localModelPath = '/';
      this.#extractor = pipeline('feature-extraction', this.#path, {
        dtype: this.#options.dtype,
        local_files_only: true,
      }).catch((error: unknown) => {
        this.#extractor = undefined;
        throw new EmbedderError(
          `Transformers embedder: cannot load the model in ${this.#path}: ${(error as Error).message}`,
          { cause: error },
        );
      });
    }
    return this.#extractor;
  }
}

/**
 * An Embedder running a local ONNX model in process (no network, no key).
 *
 * @example
 * const embedder = createTransformersEmbedder({ modelPath: './models/all-MiniLM-L6-v2' });
 */
export function createTransformersEmbedder(
  options: TransformersEmbedderOptions,
): TransformersEmbedder {
  return new TransformersEmbedder(options);
}
