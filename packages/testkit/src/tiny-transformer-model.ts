import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { seededRandom } from './fixtures.js';
import { model, node, TENSOR_FLOAT, TENSOR_INT64, tensor, tensorInfo } from './onnx-protobuf.js';

/** Words every tiny model knows as whole tokens; anything else is spelled with `##` pieces. */
const BASE_WORDS =
  'a an the to for of in on at by and or with from is it this that get set send create list ' +
  'delete update search find book read write open close weather forecast city email message ' +
  'recipient currency convert amount issue repository flight seat file user tool query rain';

const SPECIAL = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'] as const;

export interface TinyModelOptions {
  /** Width of the token vectors. Default 32. */
  hiddenSize?: number;
  /** Extra whole-word tokens besides the built-in ones. */
  words?: readonly string[];
  /** Seed of the weights: the same seed writes the same model. Default 7. */
  seed?: number;
}

/** What was written, for assertions. */
export interface TinyModel {
  path: string;
  hiddenSize: number;
  vocabSize: number;
}

function vocabulary(extra: readonly string[]): string[] {
  const characters = 'abcdefghijklmnopqrstuvwxyz0123456789'.split('');
  const punctuation = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'.split('');
  const words = [...BASE_WORDS.split(' '), ...extra.map((word) => word.toLowerCase())];
  const all = [
    ...SPECIAL,
    ...characters,
    ...characters.map((character) => `##${character}`),
    ...punctuation,
    ...words,
  ];
  return [...new Set(all)];
}

/** A BERT-style WordPiece tokenizer.json over `vocab`, with [CLS] A [SEP] (B [SEP]) templates. */
function tokenizerJson(vocab: readonly string[]): unknown {
  const id = (token: string) => vocab.indexOf(token);
  const special = (token: string, typeId: number) => ({
    SpecialToken: { id: token, type_id: typeId },
  });
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: SPECIAL.map((content) => ({
      id: id(content),
      content,
      single_word: false,
      lstrip: false,
      rstrip: false,
      normalized: false,
      special: true,
    })),
    normalizer: {
      type: 'BertNormalizer',
      clean_text: true,
      handle_chinese_chars: true,
      strip_accents: null,
      lowercase: true,
    },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [special('[CLS]', 0), { Sequence: { id: 'A', type_id: 0 } }, special('[SEP]', 0)],
      pair: [
        special('[CLS]', 0),
        { Sequence: { id: 'A', type_id: 0 } },
        special('[SEP]', 0),
        { Sequence: { id: 'B', type_id: 1 } },
        special('[SEP]', 1),
      ],
      special_tokens: Object.fromEntries(
        ['[CLS]', '[SEP]'].map((token) => [
          token,
          { id: token, ids: [id(token)], tokens: [token] },
        ]),
      ),
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab: Object.fromEntries(vocab.map((token, index) => [token, index])),
    },
  };
}

const TOKENIZER_CONFIG = {
  tokenizer_class: 'BertTokenizer',
  do_lower_case: true,
  model_max_length: 512,
  pad_token: '[PAD]',
  unk_token: '[UNK]',
  cls_token: '[CLS]',
  sep_token: '[SEP]',
  mask_token: '[MASK]',
};

/** Token vectors: seeded noise, with [PAD] all zeros so padding never moves a result. */
function embeddingTable(vocabSize: number, hiddenSize: number, seed: number): number[] {
  const random = seededRandom(seed);
  const values: number[] = [];
  for (let row = 0; row < vocabSize; row += 1) {
    for (let column = 0; column < hiddenSize; column += 1) {
      values.push(row === 0 ? 0 : random() * 2 - 1);
    }
  }
  return values;
}

async function writeFolder(
  path: string,
  files: { config: unknown; vocab: readonly string[]; onnx: Uint8Array },
): Promise<void> {
  await mkdir(join(path, 'onnx'), { recursive: true });
  await writeFile(join(path, 'config.json'), JSON.stringify(files.config, null, 2));
  await writeFile(join(path, 'tokenizer.json'), JSON.stringify(tokenizerJson(files.vocab)));
  await writeFile(join(path, 'tokenizer_config.json'), JSON.stringify(TOKENIZER_CONFIG, null, 2));
  await writeFile(join(path, 'onnx', 'model.onnx'), files.onnx);
}

const TOKEN_INPUTS = [
  tensorInfo('input_ids', TENSOR_INT64, ['batch_size', 'sequence_length']),
  tensorInfo('attention_mask', TENSOR_INT64, ['batch_size', 'sequence_length']),
];

/**
 * Write a tiny BERT-shaped feature-extraction model into `path` (config.json, tokenizer.json,
 * tokenizer_config.json, onnx/model.onnx): `last_hidden_state` is each token's row of a seeded
 * table, so texts sharing words get similar mean-pooled vectors. Megabytes smaller and
 * seconds faster than any real model; it loads through the same code path.
 */
export async function writeTinyEmbeddingModel(
  path: string,
  options: TinyModelOptions = {},
): Promise<TinyModel> {
  const hiddenSize = options.hiddenSize ?? 32;
  const vocab = vocabulary(options.words ?? []);
  const onnx = model({
    name: 'tiny_encoder',
    nodes: [
      node(
        'Gather',
        ['embeddings', 'input_ids'],
        ['last_hidden_state'],
        [{ name: 'axis', int: 0 }],
      ),
    ],
    initializers: [
      tensor(
        'embeddings',
        TENSOR_FLOAT,
        [vocab.length, hiddenSize],
        embeddingTable(vocab.length, hiddenSize, options.seed ?? 7),
      ),
    ],
    inputs: TOKEN_INPUTS,
    outputs: [
      tensorInfo('last_hidden_state', TENSOR_FLOAT, ['batch_size', 'sequence_length', hiddenSize]),
    ],
  });
  await writeFolder(path, {
    config: bertConfig(vocab.length, hiddenSize, 'BertModel'),
    vocab,
    onnx,
  });
  return { path, hiddenSize, vocabSize: vocab.length };
}

/**
 * Write a tiny cross-encoder (sequence classification, one logit) into `path`. The logit grows
 * with the squared length of the mean token vector of `[CLS] query [SEP] text [SEP]`, which is
 * larger when the text repeats the query's words: a crude but real relevance signal.
 */
export async function writeTinyCrossEncoderModel(
  path: string,
  options: TinyModelOptions = {},
): Promise<TinyModel> {
  const hiddenSize = options.hiddenSize ?? 32;
  const vocab = vocabulary(options.words ?? []);
  const onnx = model({
    name: 'tiny_cross_encoder',
    nodes: [
      node('Gather', ['embeddings', 'input_ids'], ['hidden'], [{ name: 'axis', int: 0 }]),
      node('ReduceSum', ['hidden', 'axis_1'], ['summed'], [{ name: 'keepdims', int: 0 }]),
      node('Cast', ['attention_mask'], ['mask'], [{ name: 'to', int: TENSOR_FLOAT }]),
      node('ReduceSum', ['mask', 'axis_1'], ['count'], [{ name: 'keepdims', int: 1 }]),
      node('Div', ['summed', 'count'], ['pooled']),
      node('Mul', ['pooled', 'pooled'], ['squared']),
      node('ReduceSum', ['squared', 'axis_1'], ['energy'], [{ name: 'keepdims', int: 1 }]),
      node('Mul', ['energy', 'scale'], ['scaled']),
      node('Add', ['scaled', 'bias'], ['logits']),
    ],
    initializers: [
      tensor(
        'embeddings',
        TENSOR_FLOAT,
        [vocab.length, hiddenSize],
        embeddingTable(vocab.length, hiddenSize, options.seed ?? 7),
      ),
      tensor('axis_1', TENSOR_INT64, [1], [1]),
      tensor('scale', TENSOR_FLOAT, [1], [4]),
      tensor('bias', TENSOR_FLOAT, [1], [-2]),
    ],
    inputs: TOKEN_INPUTS,
    outputs: [tensorInfo('logits', TENSOR_FLOAT, ['batch_size', 1])],
  });
  const config = {
    ...bertConfig(vocab.length, hiddenSize, 'BertForSequenceClassification'),
    id2label: { 0: 'LABEL_0' },
    label2id: { LABEL_0: 0 },
  };
  await writeFolder(path, { config, vocab, onnx });
  return { path, hiddenSize, vocabSize: vocab.length };
}

function bertConfig(vocabSize: number, hiddenSize: number, architecture: string) {
  return {
    architectures: [architecture],
    model_type: 'bert',
    hidden_size: hiddenSize,
    vocab_size: vocabSize,
    num_attention_heads: 1,
    num_hidden_layers: 1,
    intermediate_size: hiddenSize,
    max_position_embeddings: 512,
    type_vocab_size: 2,
    pad_token_id: 0,
  };
}
