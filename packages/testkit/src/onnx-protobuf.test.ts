import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bytesField, intField, TENSOR_FLOAT, tensor } from './onnx-protobuf.js';
import { writeTinyEmbeddingModel } from './tiny-transformer-model.js';

describe('protobuf writer', () => {
  it('encodes varints and length-delimited fields as protobuf does', () => {
    expect([...intField(1, 150)]).toEqual([0x08, 0x96, 0x01]);
    expect([...intField(2, 300)]).toEqual([0x10, 0xac, 0x02]);
    expect([...intField(1, -1)]).toEqual([0x08, ...new Array(9).fill(0xff), 0x01]);
    expect([...bytesField(2, 'testing')]).toEqual([0x12, 0x07, 116, 101, 115, 116, 105, 110, 103]);
  });

  it('stores float tensors as little-endian raw data', () => {
    const encoded = tensor('w', TENSOR_FLOAT, [1], [1]);
    // dims=1, data_type=1, name="w", raw_data = 00 00 80 3f
    expect([...encoded]).toEqual([0x08, 1, 0x10, 1, 0x42, 1, 119, 0x4a, 4, 0, 0, 0x80, 0x3f]);
  });
});

describe('writeTinyEmbeddingModel', () => {
  it('writes the files a transformers model folder holds, the same for the same seed', async () => {
    const root = await mkdtemp(join(tmpdir(), 'arsenal-tiny-model-'));
    try {
      const first = await writeTinyEmbeddingModel(join(root, 'a'), {
        hiddenSize: 8,
        words: ['zebra'],
      });
      await writeTinyEmbeddingModel(join(root, 'b'), { hiddenSize: 8, words: ['zebra'] });
      expect(first.hiddenSize).toBe(8);
      const config = JSON.parse(await readFile(join(root, 'a', 'config.json'), 'utf8'));
      expect(config).toMatchObject({
        model_type: 'bert',
        hidden_size: 8,
        vocab_size: first.vocabSize,
      });
      const tokenizer = JSON.parse(await readFile(join(root, 'a', 'tokenizer.json'), 'utf8'));
      expect(tokenizer.model.vocab.zebra).toBeGreaterThan(0);
      expect(tokenizer.model.vocab['[PAD]']).toBe(0);
      const onnxA = await readFile(join(root, 'a', 'onnx', 'model.onnx'));
      const onnxB = await readFile(join(root, 'b', 'onnx', 'model.onnx'));
      expect(onnxA.equals(onnxB)).toBe(true);
      expect(onnxA.length).toBeGreaterThan(first.vocabSize * 8 * 4);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
