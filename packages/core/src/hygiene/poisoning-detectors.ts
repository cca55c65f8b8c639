import { InvalidArgumentError } from '../errors/arsenal-error.js';
import type { PoisoningDetector, PoisoningFinding } from '../ports/poisoning-detector.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import { detectPoisoning } from './detect-poisoning.js';

/**
 * The built-in rules as a detector (the default of `createArsenal`): hidden characters,
 * look-alike letters, encoded payloads decoded and read again, and the injection rules in
 * the languages they cover. Synchronous and dependency-free.
 *
 * @example createArsenal({ poisoningDetectors: [createRulePoisoningDetector(), myClassifier] })
 */
export function createRulePoisoningDetector(): PoisoningDetector {
  return RULES;
}

const RULES: PoisoningDetector = Object.freeze({
  id: 'rules',
  detect: (tool: ToolDefinition) => detectPoisoning(tool),
});

/** What every detector found, with the detector named when it is not the built-in one. */
function tagged(detector: PoisoningDetector, findings: readonly PoisoningFinding[]) {
  if (detector === RULES || findings.length === 0) return findings;
  return findings.map((finding) =>
    finding.message.startsWith(`[${detector.id}]`)
      ? finding
      : { ...finding, message: `[${detector.id}] ${finding.message}` },
  );
}

/** A finding a detector could not produce: a detector that fails flags the tool (fail closed). */
function failed(detector: PoisoningDetector, error: unknown): PoisoningFinding[] {
  const reason = error instanceof Error ? error.message : String(error);
  return [
    {
      rule: 'detector-failed',
      path: '',
      message: `[${detector.id}] the detector failed (${reason}); the tool is held until it can be checked or is approved`,
    },
  ];
}

/**
 * One detector that runs several and joins their findings: a tool any of them flags is
 * flagged. Answers at once when every detector does; a detector that throws or rejects flags
 * the tool with a `detector-failed` finding rather than letting it through unchecked.
 *
 * @example combinePoisoningDetectors([createRulePoisoningDetector(), classifier]).detect(tool)
 */
export function combinePoisoningDetectors(
  detectors: readonly PoisoningDetector[],
): PoisoningDetector {
  if (detectors.length === 1 && detectors[0] === RULES) return RULES;
  return {
    id: detectors.map((detector) => detector.id).join('+'),
    detect(tool, options) {
      const results: (readonly PoisoningFinding[] | Promise<readonly PoisoningFinding[]>)[] = [];
      let waiting = false;
      for (const detector of detectors) {
        let result: readonly PoisoningFinding[] | Promise<readonly PoisoningFinding[]>;
        try {
          const answer = detector.detect(tool, options);
          result =
            answer instanceof Promise
              ? answer.then(
                  (found) => tagged(detector, found),
                  (error: unknown) => failed(detector, error),
                )
              : tagged(detector, answer);
        } catch (error) {
          result = failed(detector, error);
        }
        if (result instanceof Promise) waiting = true;
        results.push(result);
      }
      if (!waiting) return (results as (readonly PoisoningFinding[])[]).flat();
      return Promise.all(results).then((all) => all.flat());
    },
  };
}

/**
 * The detector an Arsenal runs, from its `poisoningDetectors` option: the built-in rules when
 * absent, else every one given. An empty list or a value that is not a detector is refused.
 */
export function poisoningDetectorFrom(
  detectors: readonly PoisoningDetector[] | undefined,
): PoisoningDetector {
  if (detectors === undefined) return RULES;
  if (!Array.isArray(detectors) || detectors.length === 0)
    throw new InvalidArgumentError(
      'poisoningDetectors must be a non-empty list of detectors. Omit it to use the built-in rules, or pass [createRulePoisoningDetector(), yourDetector].',
    );
  detectors.forEach((detector: unknown, index) => {
    const candidate = detector as Partial<PoisoningDetector> | null;
    if (
      typeof candidate !== 'object' ||
      candidate === null ||
      typeof candidate.id !== 'string' ||
      typeof candidate.detect !== 'function'
    )
      throw new InvalidArgumentError(
        `poisoningDetectors[${index}] is not a detector: it needs an "id" string and a "detect(tool)" function returning findings.`,
      );
  });
  return combinePoisoningDetectors(detectors);
}
