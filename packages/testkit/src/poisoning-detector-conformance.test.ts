import { combinePoisoningDetectors, createRulePoisoningDetector } from '@arsenal/core';
import { describe, expect, it } from 'vitest';
import { HARMLESS_TOOLS, POISONED_TOOLS, POISONING_KINDS } from './poisoning-corpus.js';
import { measurePoisoningDetector } from './poisoning-corpus-figures.js';
import { describePoisoningDetectorConformance } from './poisoning-detector-conformance.js';

describePoisoningDetectorConformance({
  name: 'built-in rules',
  create: () => createRulePoisoningDetector(),
});

describePoisoningDetectorConformance({
  name: 'built-in rules beside an asynchronous detector',
  create: () =>
    combinePoisoningDetectors([
      createRulePoisoningDetector(),
      { id: 'nothing-found', detect: async () => [] },
    ]),
});

describe('the corpus figures', () => {
  it('count every case once, under its kind', async () => {
    const figures = await measurePoisoningDetector(createRulePoisoningDetector());
    expect(figures.poisoned).toBe(POISONED_TOOLS.length);
    expect(figures.harmless).toBe(HARMLESS_TOOLS.length);
    expect(figures.kinds.reduce((sum, kind) => sum + kind.poisoned, 0)).toBe(figures.poisoned);
    expect(figures.kinds.map((kind) => kind.kind)).toEqual(
      POISONING_KINDS.filter((kind) => figures.kinds.some((found) => found.kind === kind)),
    );
  });

  it('have attacks and look-alikes of every kind the issue lists', () => {
    for (const kind of POISONING_KINDS) {
      expect(POISONED_TOOLS.filter((c) => c.kind === kind).length, kind).toBeGreaterThan(0);
    }
    for (const kind of [
      'multilingual',
      'encoded',
      'shadowing',
      'exfiltration',
      'harvesting',
      'authority',
      'split',
      'markup',
      'secret-file',
      'hidden-text',
    ] as const) {
      expect(HARMLESS_TOOLS.filter((c) => c.kind === kind).length, kind).toBeGreaterThan(1);
    }
  });

  it('are the detector’s own: a detector that flags everything catches all and flags all', async () => {
    const figures = await measurePoisoningDetector({
      id: 'everything',
      detect: () => [{ rule: 'any', path: '', message: 'flagged' }],
    });
    expect(figures.caught).toBe(figures.poisoned);
    expect(figures.flagged).toBe(figures.harmless);
    expect(figures.missed).toEqual([]);
  });
});
