import type { Transcoder } from '@arsenal/core';
import { type ConformanceOptions, describeConformanceSuite } from './conformance-suite.js';
import { type TranscoderCase, transcoderCases } from './transcoder-cases.js';

/** A stable name for one behaviour of the `Transcoder` port, e.g. `'round-trip/map'`. */
export type TranscoderCaseId = keyof typeof transcoderCases;

/** Every case id, in the order the suite runs them. */
export const transcoderCaseIds = Object.keys(transcoderCases) as readonly TranscoderCaseId[];

/** `create` builds the transcoder to test, configured as users would (e.g. OpenAI with `strict`). */
export type TranscoderConformanceOptions<VendorTool = unknown> = ConformanceOptions<
  Transcoder<VendorTool>,
  TranscoderCaseId
>;

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
  describeConformanceSuite<Transcoder<VendorTool>, TranscoderCaseId, TranscoderCase>({
    ...options,
    port: 'Transcoder',
    cases: transcoderCases,
    run: (testCase, transcoder) => testCase.run(transcoder),
  });
}
