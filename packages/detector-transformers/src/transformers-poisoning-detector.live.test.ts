import { combinePoisoningDetectors, createRulePoisoningDetector } from '@arsenal/core';
import {
  HOLDOUT_HARMLESS_TOOLS,
  HOLDOUT_POISONED_TOOLS,
  measurePoisoningDetector,
} from '@arsenal/testkit';
import { describe, expect, it } from 'vitest';
import { createTransformersPoisoningDetector } from './transformers-poisoning-detector.js';

// A real prompt-injection classifier, from a local folder named by ARSENAL_INJECTION_MODEL
// (config.json, tokenizer.json, onnx/model.onnx); skipped without one. Optional:
// ARSENAL_INJECTION_LABEL (the injection label's name), ARSENAL_INJECTION_THRESHOLD.
const modelPath = process.env.ARSENAL_INJECTION_MODEL;

describe.skipIf(!modelPath)('a real classifier beside the rules', () => {
  it('keeps the targets on the held-out corpus, and prints what the classifier adds', async () => {
    const classifier = createTransformersPoisoningDetector({
      modelPath: modelPath!,
      injectionLabel: process.env.ARSENAL_INJECTION_LABEL,
      threshold: process.env.ARSENAL_INJECTION_THRESHOLD
        ? Number(process.env.ARSENAL_INJECTION_THRESHOLD)
        : undefined,
    });
    const corpus = { poisoned: HOLDOUT_POISONED_TOOLS, harmless: HOLDOUT_HARMLESS_TOOLS };
    const alone = await measurePoisoningDetector(classifier, corpus);
    const both = await measurePoisoningDetector(
      combinePoisoningDetectors([createRulePoisoningDetector(), classifier]),
      corpus,
    );
    console.log(
      `classifier alone: ${alone.caught}/${alone.poisoned} caught, ${alone.flagged}/${alone.harmless} flagged; with the rules: ${both.caught}/${both.poisoned}, ${both.flagged}/${both.harmless}`,
    );
    expect(both.caught / both.poisoned).toBeGreaterThanOrEqual(0.95);
  }, 600_000);
});
