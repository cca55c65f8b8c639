import {
  ArsenalError,
  InvalidArgumentError,
  type RerankCandidate,
  type Reranker,
  type RerankResult,
} from '@arsenal/core';
import { expect } from 'vitest';
import { type ConformanceOptions, describeConformanceSuite } from './conformance-suite.js';
import { expectArsenalError } from './expect-arsenal-error.js';

/** The query the cases rerank for, and candidates of which exactly one answers it. */
export const RERANKER_SAMPLE_QUERY = 'weather forecast for a city';
export const RERANKER_SAMPLE_CANDIDATES: readonly RerankCandidate[] = [
  { id: 'send_email', text: 'send_email: Send an email to a recipient.', score: 0.9 },
  { id: 'get_weather', text: 'get_weather: Weather forecast for a city.', score: 0.4 },
  { id: 'ns/book_flight', text: 'book_flight: Book a seat on a flight.', score: 0.3 },
  { id: 'créer_ticket 🎫', text: 'create_issue: Open an issue in a repository.', score: 0.2 },
];

interface RerankerCaseContext {
  reranker: Reranker;
  options: RerankerConformanceOptions;
}

interface RerankerCase {
  asserts: string;
  run: (context: RerankerCaseContext) => Promise<void>;
}

function abortedSignal(): AbortSignal {
  const controller = new AbortController();
  controller.abort(new Error('aborted by the conformance suite'));
  return controller.signal;
}

function sample(reranker: Reranker): Promise<RerankResult[]> {
  return reranker.rerank(RERANKER_SAMPLE_QUERY, RERANKER_SAMPLE_CANDIDATES);
}

const cases = {
  'rerank/score-range': {
    asserts: 'every score is a finite number in [0, 1]',
    async run({ reranker }) {
      expect(reranker.id.length).toBeGreaterThan(0);
      for (const result of await sample(reranker)) {
        expect(Number.isFinite(result.score), `score of "${result.id}"`).toBe(true);
        expect(result.score).toBeGreaterThanOrEqual(0);
        expect(result.score).toBeLessThanOrEqual(1);
      }
    },
  },
  'rerank/candidate-order': {
    asserts: 'every candidate comes back exactly once, with its id unchanged, in the given order',
    async run({ reranker }) {
      const results = await sample(reranker);
      expect(results.map((result) => result.id)).toEqual(
        RERANKER_SAMPLE_CANDIDATES.map((candidate) => candidate.id),
      );
      const reversed = [...RERANKER_SAMPLE_CANDIDATES].reverse();
      const again = await reranker.rerank(RERANKER_SAMPLE_QUERY, reversed);
      expect(again.map((result) => result.id)).toEqual(reversed.map((candidate) => candidate.id));
      // A candidate's score depends on the query and its text, not on where it stands.
      const byId = new Map(results.map((result) => [result.id, result.score]));
      for (const result of again) expect(result.score).toBeCloseTo(byId.get(result.id)!, 3);
    },
  },
  'rerank/relevance': {
    asserts: 'the candidate that answers the query scores highest',
    async run({ reranker }) {
      const results = await sample(reranker);
      const best = results.reduce((top, result) => (result.score > top.score ? result : top));
      expect(best.id).toBe('get_weather');
    },
  },
  'rerank/empty-candidates': {
    asserts: 'no candidates gives no results',
    async run({ reranker }) {
      expect(await reranker.rerank(RERANKER_SAMPLE_QUERY, [])).toEqual([]);
    },
  },
  'rerank/deterministic': {
    asserts: 'the same query and candidates give the same scores',
    async run({ reranker }) {
      const first = await sample(reranker);
      const second = await sample(reranker);
      expect(second.map((result) => result.id)).toEqual(first.map((result) => result.id));
      for (const [index, result] of second.entries()) {
        expect(result.score).toBeCloseTo(first[index]!.score, 4);
      }
    },
  },
  'rerank/abort': {
    asserts: 'an aborted signal rejects with a cancelled ArsenalError',
    async run({ reranker }) {
      await expectArsenalError(
        reranker.rerank(RERANKER_SAMPLE_QUERY, RERANKER_SAMPLE_CANDIDATES, {
          signal: abortedSignal(),
        }),
        'cancelled',
      );
    },
  },
  'rerank/invalid-input': {
    asserts: 'a query or candidate text that is not a string is rejected with invalid_argument',
    async run({ reranker }) {
      await expectArsenalError(
        reranker.rerank(42 as unknown as string, RERANKER_SAMPLE_CANDIDATES),
        'invalid_argument',
      );
      await expectArsenalError(
        reranker.rerank(RERANKER_SAMPLE_QUERY, [{ id: 'x', text: null as unknown as string }]),
        'invalid_argument',
      );
    },
  },
  'rerank/service-error': {
    asserts: 'a failing service rejects with an ArsenalError (not a raw error), secrets left out',
    async run({ options }) {
      if (!options.createFailing) {
        throw new InvalidArgumentError(
          'rerank/service-error needs createFailing (a reranker whose service fails), or skip it with a reason.',
        );
      }
      const failing = await options.createFailing();
      let thrown: unknown;
      try {
        await sample(failing);
      } catch (error) {
        thrown = error;
      }
      expect(ArsenalError.isInstance(thrown), `got ${String(thrown)}`).toBe(true);
      const error = thrown as ArsenalError;
      expect(error.message.length).toBeGreaterThan(10);
      for (const secret of options.secrets ?? []) expect(error.message).not.toContain(secret);
    },
  },
} satisfies Record<string, RerankerCase>;

/** A stable name for one behaviour of the `Reranker` port, e.g. `'rerank/score-range'`. */
export type RerankerCaseId = keyof typeof cases;

/** Every case id, in the order the suite runs them. */
export const rerankerCaseIds = Object.keys(cases) as readonly RerankerCaseId[];

export interface RerankerConformanceOptions extends ConformanceOptions<Reranker, RerankerCaseId> {
  /** Builds a reranker whose service fails (dead server, rejected key) for `rerank/service-error`. */
  createFailing?: () => Reranker | Promise<Reranker>;
  /** Strings that must never appear in error messages (API keys). */
  secrets?: readonly string[];
  /** Runs after every case, passed or failed. */
  cleanup?: (reranker: Reranker) => void | Promise<void>;
}

/**
 * Declares the `Reranker` conformance suite: one vitest test per case id, each on a fresh reranker.
 *
 * @example
 * describeRerankerConformance({
 *   name: 'CohereReranker',
 *   create: () => createCohereReranker({ apiKey, baseUrl: server.url }),
 *   createFailing: () => createCohereReranker({ apiKey: 'wrong', baseUrl: server.url }),
 * });
 */
export function describeRerankerConformance(options: RerankerConformanceOptions): void {
  describeConformanceSuite<Reranker, RerankerCaseId, RerankerCase>({
    ...options,
    port: 'Reranker',
    cases,
    run: (testCase, reranker) => testCase.run({ reranker, options }),
    release: (reranker) => options.cleanup?.(reranker),
  });
}
