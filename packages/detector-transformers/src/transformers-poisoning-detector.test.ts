import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ConfigurationError,
  combinePoisoningDetectors,
  createArsenal,
  createRulePoisoningDetector,
  createToolDefinition,
  type ToolDefinitionInput,
} from '@arsenal/core';
import {
  describePoisoningDetectorConformance,
  expectArsenalError,
  writeTinyCrossEncoderModel,
} from '@arsenal/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTransformersPoisoningDetector } from './transformers-poisoning-detector.js';

// A generated one-logit classifier (no network): its scores mean nothing, so the tests set the
// threshold to flag every text (0) or none (1) and check what the detector does with them.
let root: string;
let modelPath: string;
let corruptPath: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'arsenal-injection-classifier-'));
  modelPath = join(root, 'tiny-classifier');
  await writeTinyCrossEncoderModel(modelPath);
  corruptPath = join(root, 'corrupt-classifier');
  await writeTinyCrossEncoderModel(corruptPath);
  await writeFile(join(corruptPath, 'onnx', 'model.onnx'), 'not an onnx graph');
});
afterAll(() => rm(root, { recursive: true, force: true }));

describePoisoningDetectorConformance({
  name: 'rules + TransformersPoisoningDetector with a generated tiny classifier',
  create: () =>
    combinePoisoningDetectors([
      createRulePoisoningDetector(),
      createTransformersPoisoningDetector({ modelPath, threshold: 1 }),
    ]),
});

const input: ToolDefinitionInput = {
  name: 'weather_now',
  description: 'Look up the current weather for a city and return temperature and wind.',
  parametersSchema: {
    type: 'object',
    properties: { city: { type: 'string', description: 'The name of the city to look up.' } },
  },
};
const tool = createToolDefinition(input, { hygiene: 'off' });

describe('TransformersPoisoningDetector', () => {
  it('flags each text scored at or above the threshold, with its path', async () => {
    const detector = createTransformersPoisoningDetector({ modelPath, threshold: 0 });
    expect(detector.id).toBe('transformers:tiny-classifier');
    const findings = await detector.detect(tool);
    expect(findings.map((finding) => finding.path)).toEqual([
      '/description',
      '/parametersSchema/properties/city/description',
    ]);
    for (const finding of findings) expect(finding.rule).toBe('classifier');
  });

  it('flags nothing below the threshold, and skips short texts', async () => {
    expect(
      await createTransformersPoisoningDetector({ modelPath, threshold: 1 }).detect(tool),
    ).toEqual([]);
    const long = await createTransformersPoisoningDetector({
      modelPath,
      threshold: 0,
      minLength: 40,
    }).detect(tool);
    expect(long.map((finding) => finding.path)).toEqual(['/description']);
  });

  it('refuses options that cannot work, naming the fix', async () => {
    for (const [options, message] of [
      [{ modelPath: join(root, 'missing') }, /does not exist/],
      [{ modelPath, threshold: 2 }, /threshold must be a probability/],
      [{ modelPath, injectionLabel: 'INJECTION' }, /has no label "INJECTION"/],
    ] as const) {
      const error = await expectArsenalError(
        () => createTransformersPoisoningDetector(options),
        'invalid_argument',
      );
      expect(error.message).toMatch(message);
    }
  });

  it('rejects when the model cannot load; beside the rules, the tool is held', async () => {
    const broken = createTransformersPoisoningDetector({ modelPath: corruptPath });
    await expect(broken.detect(tool)).rejects.toSatisfy((error: unknown) =>
      ConfigurationError.isInstance(error),
    );
    const arsenal = createArsenal({
      poisoningDetectors: [createRulePoisoningDetector(), broken],
    });
    try {
      const summary = await arsenal.register([input], { source: 'catalog' });
      expect(summary.quarantined[0]?.findings.map((finding) => finding.rule)).toEqual([
        'detector-failed',
      ]);
    } finally {
      await arsenal.close();
    }
  });
});
