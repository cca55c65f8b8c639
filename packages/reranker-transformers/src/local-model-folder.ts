import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { InvalidArgumentError } from '@arsenal/core';

/** What a model folder's config.json says that the embedder needs before loading it. */
export interface ModelFolder {
  /** Absolute path of the folder. */
  path: string;
  /** `hidden_size` (or `dim`, `d_model`) from config.json. */
  hiddenSize: number | undefined;
}

/**
 * Check a local model folder before anything loads it: it exists, has a readable config.json,
 * a tokenizer.json and an ONNX file under `onnx/`. Errors name the path and the missing piece.
 */
export function inspectModelFolder(modelPath: string, onnxFile: string): ModelFolder {
  if (typeof modelPath !== 'string' || modelPath.trim() === '') {
    throw new InvalidArgumentError(
      'Transformers reranker: modelPath is required: a local folder holding config.json, tokenizer.json and onnx/model.onnx (for example one exported with optimum).',
    );
  }
  const path = resolve(modelPath);
  if (!existsSync(path) || !statSync(path).isDirectory()) {
    throw new InvalidArgumentError(
      `Transformers reranker: model folder ${path} does not exist. Download or export the model there first; nothing is fetched at run time.`,
    );
  }
  for (const file of ['config.json', 'tokenizer.json', join('onnx', onnxFile)]) {
    if (!existsSync(join(path, file))) {
      throw new InvalidArgumentError(
        `Transformers reranker: model folder ${path} has no ${file}; it needs config.json, tokenizer.json and onnx/${onnxFile}.`,
      );
    }
  }
  let config: Record<string, unknown>;
  try {
    config = JSON.parse(readFileSync(join(path, 'config.json'), 'utf8')) as Record<string, unknown>;
  } catch (error) {
    throw new InvalidArgumentError(
      `Transformers reranker: ${join(path, 'config.json')} is not valid JSON: ${(error as Error).message}.`,
      { cause: error },
    );
  }
  const size = config.hidden_size ?? config.dim ?? config.d_model;
  return { path, hiddenSize: typeof size === 'number' && size > 0 ? size : undefined };
}
