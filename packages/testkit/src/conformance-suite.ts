import { describe, it } from 'vitest';
import { checkConformanceSkips } from './conformance-skips.js';

/** What every conformance suite takes; `Subject` is the store or transcoder under test. */
export interface ConformanceOptions<Subject, Id extends string> {
  /** Names the suite: `<Port> conformance: <name>`. */
  name: string;
  /** Builds a fresh subject, configured as users would, for each case. */
  create: () => Subject | Promise<Subject>;
  /** Cases this implementation cannot pass, each with the reason; it shows in the skipped title. */
  skip?: Partial<Record<Id, string>>;
  /** Per-case timeout in milliseconds, for subjects behind a network. Default: vitest's. */
  timeout?: number;
}

/** One behaviour of a port: what it asserts, shown in the test title. */
export interface ConformanceCase {
  asserts: string;
}

interface ConformanceSuite<Subject, Id extends string, Case extends ConformanceCase>
  extends ConformanceOptions<Subject, Id> {
  /** The port under test: `VectorStore`, `Transcoder`... */
  port: string;
  /** Every case, by id, in the order they run. */
  cases: Readonly<Record<Id, Case>>;
  /** Runs one case on the fresh subject. */
  run: (testCase: Case, subject: Subject) => void | Promise<void>;
  /** Runs after every case, passed or failed: close the store, drop its data. */
  release?: (subject: Subject) => void | Promise<void>;
}

/**
 * Declares a port's conformance suite: checks `skip` at once (known ids, a reason for each), then
 * declares one vitest test per case, each on a fresh subject from `create()` that `release` gets
 * back whatever the outcome; a skipped case is titled with its reason.
 */
export function describeConformanceSuite<Subject, Id extends string, Case extends ConformanceCase>(
  suite: ConformanceSuite<Subject, Id, Case>,
): void {
  const caseIds = Object.keys(suite.cases) as Id[];
  const skip = checkConformanceSkips(suite.port, caseIds, suite.skip);
  describe(`${suite.port} conformance: ${suite.name}`, () => {
    for (const id of caseIds) {
      const testCase = suite.cases[id];
      const reason = skip.get(id);
      if (reason !== undefined) {
        it.skip(`${id} (skipped: ${reason})`, () => {});
        continue;
      }
      it(`${id}: ${testCase.asserts}`, { timeout: suite.timeout }, async () => {
        const subject = await suite.create();
        try {
          await suite.run(testCase, subject);
        } finally {
          await suite.release?.(subject);
        }
      });
    }
  });
}
