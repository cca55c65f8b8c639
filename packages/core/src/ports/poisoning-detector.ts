import type { Issue } from '../errors/arsenal-error.js';
import type { ToolDefinition } from '../tool/tool-definition.js';

/** A reason to distrust a tool: which rule fired, where, and why it matters. */
export interface PoisoningFinding extends Issue {
  /**
   * What fired: `hidden-characters`, `homoglyph`, the id of a built-in rule
   * (`instruction-override`, `exfiltration`...) or one a detector names itself.
   */
  rule: string;
}

/**
 * Flags tool texts that try to steer the model reading them (instruction overrides, hidden
 * text, exfiltration, shadowing of other tools...). Every tool a registration accepts goes
 * through the configured detectors; a tool any of them flags is quarantined when imported and
 * follows the hygiene mode when written in code.
 *
 * The built-in rules (`createRulePoisoningDetector`) are the default; a classifier package may
 * add a model. A detector answers at once or with a promise, and never throws for a tool it
 * cannot read: it reports what it found, or nothing. Its behaviour is specified by
 * `describePoisoningDetectorConformance` in `@arsenal/testkit`.
 *
 * @example
 * const detector: PoisoningDetector = {
 *   id: 'no-urls',
 *   detect: (tool) =>
 *     tool.description.includes('http') ? [{ rule: 'no-urls', path: '/description', message: 'a URL' }] : [],
 * };
 * createArsenal({ poisoningDetectors: [createRulePoisoningDetector(), detector] });
 */
export interface PoisoningDetector {
  /** Names the detector in findings, events and errors (`rules`, `prompt-guard`...). */
  readonly id: string;
  /**
   * Findings for one tool, each with a JSON pointer (`path`) into it; empty when clean.
   * `signal` aborts a detector that waits (a model loading).
   */
  detect(
    tool: ToolDefinition,
    options?: { signal?: AbortSignal },
  ): readonly PoisoningFinding[] | Promise<readonly PoisoningFinding[]>;
}
