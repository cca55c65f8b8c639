import type { Transcoder } from '@arsenal/core';
import { describe, it } from 'vitest';
import { checkConformanceSkips } from './conformance-skips.js';
import { transcoderCases } from './transcoder-cases.js';

/** A stable name for one behaviour of the `Transcoder` port, e.g. `'round-trip/map'`. */
export type TranscoderCaseId = keyof typeof transcoderCases;

/** Every case id, in the order the suite runs them. */
export const transcoderCaseIds = Object.keys(transcoderCases) as readonly TranscoderCaseId[];

export interface TranscoderConformanceOptions<VendorTool = unknown> {
  /** Names the suite: `Transcoder conformance: <name>`. */
  name: string;
  /** Builds the transcoder to test, configured as users would (e.g. OpenAI with `strict`). */
  create: () => Transcoder<VendorTool>;
  /** Cases this dialect cannot pass, each with the reason; the reason shows in the skipped title. */
  skip?: Partial<Record<TranscoderCaseId, string>>;
}

/**
 * Declares the `Transcoder` conformance suite: one vitest test per case, each with a fresh
 * transcoder from `create()`.
 *
 * @example
 * describeTranscoderConformance({
 *   name: 'OpenAITranscoder (strict)',
 *   create: () => createOpenAITranscoder({ strict: true }),
 *   skip: { 'round-trip/map': 'strict mode refuses free-form maps' },
 * });
 */
export function describeTranscoderConformance<VendorTool>(
  options: TranscoderConformanceOptions<VendorTool>,
): void {
  const skip = checkConformanceSkips('Transcoder', transcoderCaseIds, options.skip);
  describe(`Transcoder conformance: ${options.name}`, () => {
    for (const id of transcoderCaseIds) {
      const reason = skip.get(id);
      if (reason !== undefined) {
        it.skip(`${id} (skipped: ${reason})`, () => {});
        continue;
      }
      it(`${id}: ${transcoderCases[id].asserts}`, () => {
        transcoderCases[id].run(options.create());
      });
    }
  });
}
