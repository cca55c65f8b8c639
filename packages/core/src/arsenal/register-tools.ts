import { SuspiciousContentError, toArsenalError } from '../errors/arsenal-error.js';
import type { Telemetry } from '../events/events.js';
import type { PoisoningDetector, PoisoningFinding } from '../ports/poisoning-detector.js';
import {
  inputFingerprint,
  inputQualifiedName,
  registersAs,
} from '../registry/input-fingerprint.js';
import { isToolDefinition } from '../registry/registration-input.js';
import {
  definitionOf,
  type RegisterOptions,
  type ToolRegistration,
  type ToolRegistry,
} from '../registry/tool-registry.js';
import { isFunctionTool } from '../tool/define-tool.js';
import type { HygieneMode } from '../tool/hygiene.js';
import type { ToolDefinition, ToolDefinitionInput } from '../tool/tool-definition.js';
import type { Quarantine, QuarantinedTool } from './quarantine.js';
import type { ArsenalRegisterOptions, RegistrationSummary } from './types.js';

/** What registering needs from an Arsenal. */
export interface RegistrationTarget {
  registry: ToolRegistry;
  telemetry: Telemetry | undefined;
  quarantine: Quarantine;
  /** Mode for code-defined tools (and imported ones when quarantine is off). */
  hygiene: HygieneMode;
  quarantineImported: boolean;
  /** The poisoning detector every tool goes through (the built-in rules unless configured). */
  detector: PoisoningDetector;
}

/** Findings of the target's detector; a detector that throws flags the tool (fail closed). */
function detect(
  target: RegistrationTarget,
  tool: ToolDefinition,
  signal: AbortSignal | undefined,
): readonly PoisoningFinding[] | Promise<readonly PoisoningFinding[]> {
  try {
    return target.detector.detect(tool, signal ? { signal } : undefined);
  } catch (error) {
    return [
      {
        rule: 'detector-failed',
        path: '',
        message: `the poisoning detector "${target.detector.id}" failed (${error instanceof Error ? error.message : String(error)}); the tool is held until it can be checked or is approved`,
      },
    ];
  }
}

/** A description to validate (not a function tool, not a definition already made). */
function isPlainDescription(registration: ToolRegistration): registration is ToolDefinitionInput {
  return !isFunctionTool(registration) && !isToolDefinition(registration);
}

/** Tools written in code (function tools, hand-written definitions) versus imported from elsewhere. */
function originOf(registration: ToolRegistration, tool: ToolDefinition): 'code' | 'imported' {
  if (isFunctionTool(registration)) return 'code';
  return tool.source === 'function' || tool.source === 'manual' ? 'code' : 'imported';
}

/**
 * Register each tool through the poisoning detector: flagged imported tools are held in
 * quarantine, flagged code tools follow the hygiene mode. Never throws; failures are listed.
 * Waits only for a detector that answers with a promise (the built-in rules answer at once).
 */
export async function registerTools(
  target: RegistrationTarget,
  list: readonly ToolRegistration[],
  options: ArsenalRegisterOptions,
): Promise<RegistrationSummary> {
  const summary: RegistrationSummary = {
    added: 0,
    updated: 0,
    unchanged: 0,
    failed: [],
    tools: [],
    quarantined: [],
    warnings: [],
  };
  const hygiene = options.hygiene ?? target.hygiene;
  const progressEvery = Math.max(1, Math.floor(list.length / 100));
  // One options object for the whole batch: registration is a hot path for large catalogs.
  // The detector runs here, once, whatever the form of the registration.
  let warned = false;
  const registerOptions: RegisterOptions = {
    ...options,
    hygiene: 'off',
    onWarnings: (warnings, tool) => {
      warned = true;
      for (const warning of warnings) summary.warnings.push({ tool: tool.name, ...warning });
    },
  };
  const emptyAtStart = target.registry.count() === 0;
  for (let index = 0; index < list.length; index++) {
    const registration = list[index]!;
    try {
      // A plain description registered before, word for word and cleanly, is unchanged: it
      // skips validation, cleaning, the detector and hashing (they would find what they found).
      const input = isPlainDescription(registration)
        ? inputFingerprint(registration, registerOptions)
        : undefined;
      // Into an empty registry nothing is unchanged: the lookup is skipped (a name given twice
      // in the batch takes the full path, where the content hash finds it unchanged).
      const existing =
        input && !emptyAtStart
          ? target.registry.unchangedInput(
              inputQualifiedName(input),
              input.fingerprint,
              options.executor,
            )
          : undefined;
      if (existing) {
        target.quarantine.release(existing.qualifiedName);
        summary.unchanged++;
        summary.tools.push(existing);
        continue;
      }
      warned = false;
      const definition = definitionOf(registration, registerOptions);
      let screening = screenTool(target, registration, definition, hygiene, options);
      if (screening instanceof Promise) screening = await screening;
      if (typeof screening === 'object') {
        summary.quarantined.push(screening);
        continue;
      }
      // Only a description that registered cleanly, under the name it was fingerprinted for,
      // may be recognised by its fingerprint next time.
      const remembered =
        input && screening === 'clean' && !warned && registersAs(definition, input)
          ? input.fingerprint
          : undefined;
      const outcome = isFunctionTool(registration)
        ? target.registry.register(registration, registerOptions, remembered)
        : target.registry.registerDefinition(definition, registerOptions, remembered);
      // A tool that was held and is now clean (its source fixed it) is no longer quarantined.
      target.quarantine.release(outcome.tool.qualifiedName);
      summary[outcome.status]++;
      summary.tools.push(outcome.tool);
    } catch (error) {
      summary.failed.push(failureOf(registration, index, error));
    } finally {
      if ((index + 1) % progressEvery === 0 || index + 1 === list.length)
        options.onProgress?.(index + 1, list.length);
    }
  }
  return summary;
}

/**
 * What screening a new or changed tool found: `clean` when the detector ran and found nothing
 * (only then may its description be remembered), `unproven` when the detector did not run or
 * its findings were only reported, or the quarantine entry when the tool is held.
 */
type Screening = 'clean' | 'unproven' | QuarantinedTool;

/**
 * Run the detector over a tool as its origin says. An imported tool (when imported tools are
 * quarantined) is held when flagged, unless an operator approved this very definition; any other
 * tool follows the hygiene mode: `reject` throws, `flag` reports the findings and keeps the tool,
 * `off` skips the detector. Answers at once unless the detector answers with a promise.
 */
function screenTool(
  target: RegistrationTarget,
  registration: ToolRegistration,
  definition: ToolDefinition,
  hygiene: HygieneMode,
  options: ArsenalRegisterOptions,
): Screening | Promise<Screening> {
  const imported = (options.origin ?? originOf(registration, definition)) === 'imported';
  if (imported && target.quarantineImported) {
    if (target.quarantine.isApproved(definition)) return 'unproven';
    const findings = detect(target, definition, options.signal);
    // No function made per tool for a detector that answers at once (the built-in one).
    if (findings instanceof Promise)
      return findings.then((found) =>
        holdIfFlagged(target, registration, definition, found, options.executor),
      );
    return holdIfFlagged(target, registration, definition, findings, options.executor);
  }
  if (hygiene === 'off') return 'unproven';
  const findings = detect(target, definition, options.signal);
  return findings instanceof Promise
    ? findings.then((found) => applyHygiene(target, definition, found, hygiene, options))
    : applyHygiene(target, definition, findings, hygiene, options);
}

/** An imported tool's screening: held when the detector found anything, else clean. */
function holdIfFlagged(
  target: RegistrationTarget,
  registration: ToolRegistration,
  definition: ToolDefinition,
  findings: readonly PoisoningFinding[],
  executor: ArsenalRegisterOptions['executor'],
): Screening {
  return findings.length > 0 ? hold(target, registration, definition, findings, executor) : 'clean';
}

/** Findings on a tool that is not quarantined: `reject` throws, `flag` reports them. */
function applyHygiene(
  target: RegistrationTarget,
  definition: ToolDefinition,
  findings: readonly PoisoningFinding[],
  hygiene: HygieneMode,
  options: ArsenalRegisterOptions,
): Screening {
  if (findings.length === 0) return 'clean';
  if (hygiene === 'reject') throw new SuspiciousContentError(definition.name, findings);
  options.onFindings?.(findings, definition);
  target.telemetry?.emit({
    type: 'tool.flagged',
    time: new Date().toISOString(),
    tool: definition.name,
    findings,
  });
  return 'unproven';
}

/** The summary's entry for a registration that failed, with its name when it gives one. */
function failureOf(
  registration: ToolRegistration,
  index: number,
  error: unknown,
): RegistrationSummary['failed'][number] {
  const name =
    (registration as { name?: unknown }).name ??
    (registration as { definition?: { name?: unknown } }).definition?.name;
  return { index, name: typeof name === 'string' ? name : undefined, error: toArsenalError(error) };
}

/** Approve a quarantined tool and register it as it is (see Arsenal.approveQuarantined). */
export function registerApproved(target: RegistrationTarget, reference: string): ToolDefinition {
  const held = target.quarantine.approve(reference);
  const outcome = target.registry.register(
    isFunctionTool(held.registration) ? held.registration : held.tool,
    { hygiene: 'off', ...(held.executor ? { executor: held.executor } : {}) },
  );
  target.telemetry?.emit({
    type: 'tool.approved',
    time: new Date().toISOString(),
    tool: outcome.tool.name,
    qualifiedName: outcome.tool.qualifiedName,
    contentHash: outcome.tool.contentHash,
  });
  return outcome.tool;
}

function hold(
  target: RegistrationTarget,
  registration: ToolRegistration,
  tool: ToolDefinition,
  findings: readonly PoisoningFinding[],
  executor: ArsenalRegisterOptions['executor'],
): QuarantinedTool {
  const quarantinedAt = new Date().toISOString();
  // A registered version with the same name is withheld too: its replacement is suspect.
  if (target.registry.get(tool.qualifiedName)) target.registry.unregister(tool.qualifiedName);
  const changed = target.quarantine.hold({
    tool,
    findings,
    quarantinedAt,
    registration,
    ...(executor ? { executor } : {}),
  });
  if (changed) {
    target.telemetry?.emit({
      type: 'tool.quarantined',
      time: quarantinedAt,
      tool: tool.name,
      qualifiedName: tool.qualifiedName,
      source: tool.source,
      contentHash: tool.contentHash,
      findings,
    });
  }
  return { tool, findings, quarantinedAt };
}
