import { ArsenalError, type Embedder, InvalidArgumentError } from '@arsenal/core';
import { expect } from 'vitest';
import { type ConformanceOptions, describeConformanceSuite } from './conformance-suite.js';
import { expectArsenalError } from './expect-arsenal-error.js';
import { cosineSimilarity } from './fixtures.js';

/** Texts the cases embed: short tool descriptions, each different from the others. */
export const EMBEDDER_SAMPLE_TEXTS = [
  'get_weather: Weather forecast for a city.',
  'send_email: Send an email to a recipient.',
  'convert_currency: Convert an amount between two currencies.',
  'create_issue: Open an issue in a repository.',
  'book_flight: Book a seat on a flight.',
] as const;

interface EmbedderCaseContext {
  embedder: Embedder;
  options: EmbedderConformanceOptions;
}

interface EmbedderCase {
  asserts: string;
  run: (context: EmbedderCaseContext) => Promise<void>;
}

function abortedSignal(): AbortSignal {
  const controller = new AbortController();
  controller.abort(new Error('aborted by the conformance suite'));
  return controller.signal;
}

function expectVectors(vectors: readonly Float32Array[], count: number, dimensions: number): void {
  expect(vectors).toHaveLength(count);
  for (const vector of vectors) {
    expect(vector).toBeInstanceOf(Float32Array);
    expect(vector.length).toBe(dimensions);
    expect(vector.every(Number.isFinite), 'every component is finite').toBe(true);
    expect(
      vector.some((value) => value !== 0),
      'a vector of zeros has no direction',
    ).toBe(true);
  }
}

function expectSameDirection(a: Float32Array, b: Float32Array, what: string): void {
  expect(cosineSimilarity(a, b), what).toBeGreaterThan(0.999);
}

/** Texts for the large-batch case: more than one batch, each text distinct. */
function largeBatchTexts(embedder: Embedder, configured: number | undefined): string[] {
  const count = configured ?? (embedder.maxBatchSize ?? 16) * 2 + 1;
  return Array.from(
    { length: count },
    (_, index) => `${EMBEDDER_SAMPLE_TEXTS[index % EMBEDDER_SAMPLE_TEXTS.length]} (#${index})`,
  );
}

const cases = {
  'embed/dimensions': {
    asserts:
      'every vector is a finite Float32Array of `dimensions` numbers, for queries and documents',
    async run({ embedder }) {
      expect(Number.isInteger(embedder.dimensions) && embedder.dimensions > 0).toBe(true);
      expect(embedder.id.length).toBeGreaterThan(0);
      const texts = [...EMBEDDER_SAMPLE_TEXTS];
      expectVectors(
        await embedder.embed(texts, { kind: 'document' }),
        texts.length,
        embedder.dimensions,
      );
      expectVectors(
        await embedder.embed(['weather in Paris'], { kind: 'query' }),
        1,
        embedder.dimensions,
      );
      expectVectors(await embedder.embed(['weather in Paris']), 1, embedder.dimensions);
    },
  },
  'embed/batch-order': {
    asserts: 'a batch returns one vector per text, in the order of the texts',
    async run({ embedder }) {
      const texts = [...EMBEDDER_SAMPLE_TEXTS];
      const batch = await embedder.embed(texts, { kind: 'document' });
      for (const [index, text] of texts.entries()) {
        const [alone] = await embedder.embed([text], { kind: 'document' });
        expectSameDirection(
          batch[index]!,
          alone!,
          `vector ${index} ("${text}") matches its own embedding`,
        );
      }
      // Distinct texts must not collapse onto one vector, or order would be unobservable.
      expect(cosineSimilarity(batch[0]!, batch[1]!)).toBeLessThan(0.999);
    },
  },
  'embed/large-batch': {
    asserts:
      'more texts than maxBatchSize are split into batches and come back complete and in order',
    async run({ embedder, options }) {
      const texts = largeBatchTexts(embedder, options.largeBatchSize);
      const vectors = await embedder.embed(texts, { kind: 'document' });
      expectVectors(vectors, texts.length, embedder.dimensions);
      for (const index of [0, Math.floor(texts.length / 2), texts.length - 1]) {
        const [alone] = await embedder.embed([texts[index]!], { kind: 'document' });
        expectSameDirection(vectors[index]!, alone!, `vector ${index} of ${texts.length}`);
      }
    },
  },
  'embed/empty-input': {
    asserts: 'embedding no texts resolves to no vectors',
    async run({ embedder }) {
      expect(await embedder.embed([])).toEqual([]);
      expect(await embedder.embed([], { kind: 'query' })).toEqual([]);
    },
  },
  'embed/deterministic': {
    asserts: 'the same text embedded twice gives the same vector',
    async run({ embedder }) {
      const [first] = await embedder.embed([EMBEDDER_SAMPLE_TEXTS[0]], { kind: 'query' });
      const [second] = await embedder.embed([EMBEDDER_SAMPLE_TEXTS[0]], { kind: 'query' });
      expectSameDirection(first!, second!, 'the second embedding matches the first');
    },
  },
  'embed/abort': {
    asserts: 'an aborted signal rejects with a cancelled ArsenalError',
    async run({ embedder }) {
      await expectArsenalError(
        embedder.embed([...EMBEDDER_SAMPLE_TEXTS], { signal: abortedSignal() }),
        'cancelled',
      );
    },
  },
  'embed/invalid-input': {
    asserts: 'a text that is not a string is rejected with invalid_argument before any call',
    async run({ embedder }) {
      await expectArsenalError(
        embedder.embed(['fine', 42 as unknown as string]),
        'invalid_argument',
      );
      await expectArsenalError(
        embedder.embed('not an array' as unknown as string[]),
        'invalid_argument',
      );
    },
  },
  'embed/service-error': {
    asserts: 'a failing service rejects with an ArsenalError (not a raw error), secrets left out',
    async run({ options }) {
      if (!options.createFailing) {
        throw new InvalidArgumentError(
          'embed/service-error needs createFailing (an embedder whose service fails), or skip it with a reason.',
        );
      }
      const failing = await options.createFailing();
      let thrown: unknown;
      try {
        await failing.embed(['weather in Paris'], { kind: 'query' });
      } catch (error) {
        thrown = error;
      }
      expect(ArsenalError.isInstance(thrown), `got ${String(thrown)}`).toBe(true);
      const error = thrown as ArsenalError;
      expect(error.message.length).toBeGreaterThan(10);
      for (const secret of options.secrets ?? []) expect(error.message).not.toContain(secret);
    },
  },
} satisfies Record<string, EmbedderCase>;

/** A stable name for one behaviour of the `Embedder` port, e.g. `'embed/large-batch'`. */
export type EmbedderCaseId = keyof typeof cases;

/** Every case id, in the order the suite runs them. */
export const embedderCaseIds = Object.keys(cases) as readonly EmbedderCaseId[];

export interface EmbedderConformanceOptions extends ConformanceOptions<Embedder, EmbedderCaseId> {
  /** Builds an embedder whose service fails (dead server, rejected key) for `embed/service-error`. */
  createFailing?: () => Embedder | Promise<Embedder>;
  /** Strings that must never appear in error messages (API keys). */
  secrets?: readonly string[];
  /** Texts in the large-batch case. Default: twice `maxBatchSize` (else 16) plus one. */
  largeBatchSize?: number;
  /** Runs after every case, passed or failed. */
  cleanup?: (embedder: Embedder) => void | Promise<void>;
}

/**
 * Declares the `Embedder` conformance suite: one vitest test per case id, each on a fresh embedder.
 *
 * @example
 * describeEmbedderConformance({
 *   name: 'OpenAIEmbedder',
 *   create: () => createOpenAIEmbedder({ apiKey, baseUrl: server.url, maxBatchSize: 4 }),
 *   createFailing: () => createOpenAIEmbedder({ apiKey: 'wrong', baseUrl: server.url }),
 * });
 */
export function describeEmbedderConformance(options: EmbedderConformanceOptions): void {
  describeConformanceSuite<Embedder, EmbedderCaseId, EmbedderCase>({
    ...options,
    port: 'Embedder',
    cases,
    run: (testCase, embedder) => testCase.run({ embedder, options }),
    release: (embedder) => options.cleanup?.(embedder),
  });
}
