import {
  createToolDefinition,
  type PoisoningDetector,
  type PoisoningFinding,
  type ToolDefinition,
} from '@arsenal/core';
import { HARMLESS_TOOLS, POISONED_TOOLS } from './poisoning-corpus.js';
import {
  POISONING_KINDS,
  type PoisoningCase,
  type PoisoningKind,
} from './poisoning-corpus-tools.js';

/** How a detector did on one kind: attacks caught, look-alikes flagged. */
export interface PoisoningKindFigures {
  kind: PoisoningKind;
  poisoned: number;
  caught: number;
  harmless: number;
  flagged: number;
}

/** A detector's figures on a corpus, in all and per kind, with the cases it got wrong. */
export interface PoisoningFigures {
  poisoned: number;
  caught: number;
  harmless: number;
  flagged: number;
  kinds: PoisoningKindFigures[];
  /** Ids of the attacks it let through. */
  missed: string[];
  /** Ids of the honest tools it flagged. */
  falsePositives: string[];
}

/** A case's tool as registration sees it (created without the built-in scan). */
export function corpusDefinition(testCase: PoisoningCase): ToolDefinition {
  return createToolDefinition(testCase.tool, { hygiene: 'off' });
}

async function findings(
  detector: PoisoningDetector,
  tool: ToolDefinition,
): Promise<readonly PoisoningFinding[]> {
  return await detector.detect(tool);
}

/**
 * Run a detector over the poisoning corpus (or the cases given) and count, per kind, the
 * attacks it flags and the harmless look-alikes it flags.
 *
 * @example const figures = await measurePoisoningDetector(createRulePoisoningDetector());
 */
export async function measurePoisoningDetector(
  detector: PoisoningDetector,
  corpus: { poisoned: readonly PoisoningCase[]; harmless: readonly PoisoningCase[] } = {
    poisoned: POISONED_TOOLS,
    harmless: HARMLESS_TOOLS,
  },
): Promise<PoisoningFigures> {
  const kinds = new Map<PoisoningKind, PoisoningKindFigures>(
    POISONING_KINDS.map((kind) => [
      kind,
      { kind, poisoned: 0, caught: 0, harmless: 0, flagged: 0 },
    ]),
  );
  const figures: PoisoningFigures = {
    poisoned: 0,
    caught: 0,
    harmless: 0,
    flagged: 0,
    kinds: [],
    missed: [],
    falsePositives: [],
  };
  for (const testCase of corpus.poisoned) {
    const kind = kinds.get(testCase.kind)!;
    figures.poisoned++;
    kind.poisoned++;
    if ((await findings(detector, corpusDefinition(testCase))).length > 0) {
      figures.caught++;
      kind.caught++;
    } else figures.missed.push(testCase.id);
  }
  for (const testCase of corpus.harmless) {
    const kind = kinds.get(testCase.kind)!;
    figures.harmless++;
    kind.harmless++;
    if ((await findings(detector, corpusDefinition(testCase))).length > 0) {
      figures.flagged++;
      kind.flagged++;
      figures.falsePositives.push(testCase.id);
    }
  }
  figures.kinds = [...kinds.values()].filter((kind) => kind.poisoned + kind.harmless > 0);
  return figures;
}
