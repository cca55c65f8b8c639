import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import {
  ConfigurationError,
  InvalidArgumentError,
  type PoisoningDetector,
  type PoisoningFinding,
  type ToolDefinition,
} from '@arsenal/core';
import { throwIfAborted, toolTexts } from '@arsenal/core/adapter';
import {
  AutoModelForSequenceClassification,
  AutoTokenizer,
  env,
  type PreTrainedModel,
  type PreTrainedTokenizer,
} from '@huggingface/transformers';

export interface TransformersPoisoningDetectorOptions {
  /**
   * Local folder of a text-classification model (config.json, tokenizer.json, onnx/<file>),
   * such as a prompt-injection classifier exported with optimum. Never downloaded.
   */
  modelPath: string;
  /** Default `transformers:<folder name>`. */
  id?: string;
  /** Weights precision: picks `onnx/model.onnx` (fp32), `model_quantized.onnx` (q8)... Default fp32. */
  dtype?: 'fp32' | 'fp16' | 'q8' | 'int8' | 'uint8' | 'q4';
  /**
   * The label that means an injection, as config.json's `id2label` names it. Default: the first
   * label whose name holds "injection", "jailbreak", "malicious" or "unsafe", else label 1. A
   * model with one output is read as the probability of an injection.
   */
  injectionLabel?: string;
  /** Probability of an injection from which a text is flagged. Default 0.9. */
  threshold?: number;
  /** Texts per forward pass. Default 16. */
  maxBatchSize?: number;
  /** Longest text in tokens; longer ones are truncated. Default 512. */
  maxLength?: number;
  /** Texts shorter than this are not classified (names, types, enum values). Default 20. */
  minLength?: number;
}

const ONNX_FILES: Record<NonNullable<TransformersPoisoningDetectorOptions['dtype']>, string> = {
  fp32: 'model.onnx',
  fp16: 'model_fp16.onnx',
  q8: 'model_quantized.onnx',
  int8: 'model_int8.onnx',
  uint8: 'model_uint8.onnx',
  q4: 'model_q4.onnx',
};

const INJECTION_NAMES = /injection|jailbreak|malicious|unsafe/i;

interface LoadedModel {
  tokenizer: PreTrainedTokenizer;
  model: PreTrainedModel;
}

interface ModelFolder {
  path: string;
  labels: Record<string, string>;
}

const sigmoid = (logit: number) => 1 / (1 + Math.exp(-logit));

function inspectFolder(modelPath: unknown, onnxFile: string): ModelFolder {
  if (typeof modelPath !== 'string' || modelPath.trim() === '') {
    throw new InvalidArgumentError(
      'Transformers poisoning detector: modelPath is required: a local folder holding config.json, tokenizer.json and onnx/model.onnx of a text-classification model.',
    );
  }
  const path = resolve(modelPath);
  if (!existsSync(path) || !statSync(path).isDirectory()) {
    throw new InvalidArgumentError(
      `Transformers poisoning detector: model folder ${path} does not exist. Download or export the model there first; nothing is fetched at run time.`,
    );
  }
  for (const file of ['config.json', 'tokenizer.json', join('onnx', onnxFile)]) {
    if (!existsSync(join(path, file))) {
      throw new InvalidArgumentError(
        `Transformers poisoning detector: model folder ${path} has no ${file}; it needs config.json, tokenizer.json and onnx/${onnxFile}.`,
      );
    }
  }
  let config: Record<string, unknown>;
  try {
    config = JSON.parse(readFileSync(join(path, 'config.json'), 'utf8')) as Record<string, unknown>;
  } catch (error) {
    throw new InvalidArgumentError(
      `Transformers poisoning detector: ${join(path, 'config.json')} is not valid JSON: ${(error as Error).message}.`,
      { cause: error },
    );
  }
  const labels =
    typeof config.id2label === 'object' && config.id2label !== null
      ? (config.id2label as Record<string, string>)
      : {};
  return { path, labels };
}

/**
 * Flags tools whose texts a local prompt-injection classifier scores as injections: the
 * description, title, examples and every prose text of the schemas (parameter descriptions,
 * defaults, examples), each classified on its own. Meant to run beside the built-in rules:
 * `[createRulePoisoningDetector(), createTransformersPoisoningDetector(...)]`.
 */
export class TransformersPoisoningDetector implements PoisoningDetector {
  readonly id: string;
  readonly #options: TransformersPoisoningDetectorOptions;
  readonly #folder: ModelFolder;
  #loaded: Promise<LoadedModel> | undefined;

  constructor(options: TransformersPoisoningDetectorOptions) {
    const dtype = options?.dtype ?? 'fp32';
    if (!(dtype in ONNX_FILES)) {
      throw new InvalidArgumentError(
        `Transformers poisoning detector: dtype must be one of ${Object.keys(ONNX_FILES).join(', ')}, got "${String(dtype)}".`,
      );
    }
    this.#folder = inspectFolder(options?.modelPath, ONNX_FILES[dtype]);
    for (const [name, value] of [
      ['maxBatchSize', options.maxBatchSize],
      ['maxLength', options.maxLength],
    ] as const) {
      if (value !== undefined && !(Number.isInteger(value) && value >= 1)) {
        throw new InvalidArgumentError(
          `Transformers poisoning detector: ${name} must be a whole number of at least 1, got ${String(value)}.`,
        );
      }
    }
    const threshold = options.threshold ?? 0.9;
    if (!(typeof threshold === 'number' && threshold >= 0 && threshold <= 1)) {
      throw new InvalidArgumentError(
        `Transformers poisoning detector: threshold must be a probability between 0 and 1, got ${String(options.threshold)}.`,
      );
    }
    if (
      options.injectionLabel !== undefined &&
      !Object.values(this.#folder.labels).includes(options.injectionLabel)
    ) {
      throw new InvalidArgumentError(
        `Transformers poisoning detector: the model has no label "${options.injectionLabel}"; its labels are ${Object.values(this.#folder.labels).join(', ') || 'not named in config.json'}.`,
      );
    }
    this.#options = { ...options, dtype, threshold };
    this.id = options.id ?? `transformers:${basename(this.#folder.path)}`;
  }

  async detect(
    tool: ToolDefinition,
    options: { signal?: AbortSignal } = {},
  ): Promise<readonly PoisoningFinding[]> {
    throwIfAborted(options.signal);
    const minLength = this.#options.minLength ?? 20;
    const texts = toolTexts(tool).filter(
      (text) => text.text.length >= minLength && !text.path.endsWith('#name'),
    );
    if (texts.length === 0) return [];
    const { tokenizer, model } = await this.#load();
    const batchSize = this.#options.maxBatchSize ?? 16;
    const findings: PoisoningFinding[] = [];
    for (let start = 0; start < texts.length; start += batchSize) {
      throwIfAborted(options.signal);
      const batch = texts.slice(start, start + batchSize);
      const scores = await this.#score(
        tokenizer,
        model,
        batch.map((text) => text.text),
      );
      for (const [index, text] of batch.entries()) {
        const score = scores[index]!;
        if (score >= this.#options.threshold!)
          findings.push({
            rule: 'classifier',
            path: text.path,
            message: `the classifier scores this text as a prompt injection (${score.toFixed(2)} ≥ ${this.#options.threshold})`,
          });
      }
    }
    return findings;
  }

  /** The index of the injection label among `labels` outputs. */
  #injectionIndex(labels: number): number {
    const entries = Object.entries(this.#folder.labels);
    const wanted = this.#options.injectionLabel;
    const found = entries.find(([, name]) =>
      wanted === undefined ? INJECTION_NAMES.test(name) : name === wanted,
    );
    const index = found ? Number(found[0]) : 1;
    return Number.isInteger(index) && index >= 0 && index < labels ? index : labels - 1;
  }

  async #score(
    tokenizer: PreTrainedTokenizer,
    model: PreTrainedModel,
    texts: string[],
  ): Promise<number[]> {
    let logits: { dims: number[]; data: ArrayLike<number> };
    try {
      const inputs = tokenizer(texts, {
        padding: true,
        truncation: true,
        max_length: this.#options.maxLength ?? 512,
      });
      ({ logits } = (await model(inputs)) as { logits: typeof logits });
    } catch (error) {
      throw new ConfigurationError(
        `Transformers poisoning detector: the model in ${this.#folder.path} failed on ${texts.length} texts: ${(error as Error).message}`,
        { cause: error },
      );
    }
    const [rows, labels] = logits.dims as [number, number];
    if (rows !== texts.length || !(labels >= 1)) {
      throw new ConfigurationError(
        `Transformers poisoning detector: the model in ${this.#folder.path} gave ${rows}×${labels} logits for ${texts.length} texts; a text classifier gives one row of labels per text.`,
      );
    }
    const target = this.#injectionIndex(labels);
    return Array.from({ length: rows }, (_, row) => {
      const values = Array.from({ length: labels }, (_, label) =>
        Number(logits.data[row * labels + label]),
      );
      let score: number;
      if (labels === 1) score = sigmoid(values[0]!);
      else {
        // Softmax of the injection label.
        const top = Math.max(...values);
        const sum = values.reduce((total, value) => total + Math.exp(value - top), 0);
        score = Math.exp(values[target]! - top) / sum;
      }
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
        AutoTokenizer.from_pretrained(this.#folder.path, settings),
        AutoModelForSequenceClassification.from_pretrained(this.#folder.path, {
          ...settings,
          dtype: this.#options.dtype,
        }),
      ])
        .then(([tokenizer, model]) => ({ tokenizer, model }))
        .catch((error: unknown) => {
          this.#loaded = undefined;
          throw new ConfigurationError(
            `Transformers poisoning detector: cannot load the model in ${this.#folder.path}: ${(error as Error).message}`,
            { cause: error },
          );
        });
    }
    return this.#loaded;
  }
}

/**
 * A PoisoningDetector running a local prompt-injection classifier in process (no network, no
 * key). Combine it with the built-in rules: a tool either flags is flagged.
 *
 * @example
 * const classifier = createTransformersPoisoningDetector({ modelPath: './models/prompt-guard' });
 * createArsenal({ poisoningDetectors: [createRulePoisoningDetector(), classifier] });
 */
export function createTransformersPoisoningDetector(
  options: TransformersPoisoningDetectorOptions,
): TransformersPoisoningDetector {
  return new TransformersPoisoningDetector(options);
}
