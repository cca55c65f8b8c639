import { readdirSync, readFileSync } from 'node:fs';
import {
  createArsenal,
  createToolDefinition,
  detectPoisoning,
  parseCatalog,
  type ToolDefinitionInput,
} from '@arsenal/core';
import { describe, expect, it } from 'vitest';
import { HARMLESS_TOOLS, POISONED_TOOLS } from './poisoning-corpus.js';
import { HOLDOUT_HARMLESS_TOOLS, HOLDOUT_POISONED_TOOLS } from './poisoning-holdout.js';
import { TUNING_LOOK_ALIKE_TOOLS } from './poisoning-lookalikes-tuning.js';

const BENCH = new URL('../../../bench/data/', import.meta.url);

function benchCatalogs(): { set: string; inputs: ToolDefinitionInput[] }[] {
  return readdirSync(BENCH, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({
      set: entry.name,
      inputs: parseCatalog(readFileSync(new URL(`${entry.name}/tools.jsonl`, BENCH), 'utf8'), {
        format: 'jsonl',
        source: entry.name,
      }),
    }));
}

describe('the poisoning corpus', () => {
  it('has unique ids and tool names', () => {
    const all = [...POISONED_TOOLS, ...HARMLESS_TOOLS];
    expect(new Set(POISONED_TOOLS.map((c) => c.id)).size).toBe(POISONED_TOOLS.length);
    expect(new Set(all.map((c) => c.tool.name)).size).toBe(all.length);
  });

  it('has a held-out corpus of valid tools with unique ids and names', () => {
    const all = [...HOLDOUT_POISONED_TOOLS, ...HOLDOUT_HARMLESS_TOOLS];
    expect(new Set(all.map((c) => c.id)).size).toBe(all.length);
    expect(new Set(all.map((c) => c.tool.name)).size).toBe(all.length);
    for (const c of all) createToolDefinition(c.tool, { hygiene: 'off' });
  });

  it.each(POISONED_TOOLS.map((c) => [c.id, c] as const))('flags %s', (_id, poisoned) => {
    const tool = createToolDefinition(poisoned.tool, { hygiene: 'off' });
    expect(detectPoisoning(tool)).not.toEqual([]);
  });

  it.each(HARMLESS_TOOLS.map((c) => [c.id, c] as const))('does not flag %s', (_id, harmless) => {
    const tool = createToolDefinition(harmless.tool, { hygiene: 'off' });
    expect(detectPoisoning(tool)).toEqual([]);
  });

  it('has a tuning set of over 100 valid honest look-alikes with unique ids and names', () => {
    expect(TUNING_LOOK_ALIKE_TOOLS.length).toBeGreaterThanOrEqual(100);
    const ids = new Set(TUNING_LOOK_ALIKE_TOOLS.map((c) => c.id));
    expect(ids.size).toBe(TUNING_LOOK_ALIKE_TOOLS.length);
    const names = new Set(HARMLESS_TOOLS.map((c) => c.tool.name));
    for (const c of TUNING_LOOK_ALIKE_TOOLS) expect(names.has(c.tool.name), c.id).toBe(false);
  });

  it.each(TUNING_LOOK_ALIKE_TOOLS.map((c) => [c.id, c] as const))(
    'does not flag the honest tuning look-alike %s',
    (_id, harmless) => {
      const tool = createToolDefinition(harmless.tool, { hygiene: 'off' });
      expect(detectPoisoning(tool)).toEqual([]);
    },
  );

  it('quarantines every positive when imported and refuses it when written in code', async () => {
    const imported = await createArsenal().register(
      POISONED_TOOLS.map((c) => c.tool),
      { source: 'catalog' },
    );
    expect(imported.quarantined).toHaveLength(POISONED_TOOLS.length);
    expect(imported.added + imported.failed.length).toBe(0);
    const code = await createArsenal().register(POISONED_TOOLS.map((c) => c.tool));
    expect(code.failed.map((f) => f.error.code)).toEqual(
      POISONED_TOOLS.map(() => 'suspicious_tool_content'),
    );
  });

  it('registers every negative from code and from files, none skipped or held', async () => {
    for (const source of ['manual', 'catalog']) {
      const summary = await createArsenal().register(
        HARMLESS_TOOLS.map((c) => c.tool),
        { source },
      );
      expect(summary.failed).toEqual([]);
      expect(summary.quarantined).toEqual([]);
      expect(summary.added).toBe(HARMLESS_TOOLS.length);
    }
  });
});

describe('every tool of every benchmark catalog', () => {
  const catalogs = benchCatalogs();

  it('finds the five catalogs', () => {
    expect(catalogs.map((c) => c.set).sort()).toEqual([
      'azure-mcp',
      'metatool',
      'multi-server',
      'seal-tools',
      'stabletoolbench',
    ]);
  });

  it.each(catalogs.map((c) => [c.set, c] as const))(
    '%s: the detector flags none',
    (_set, { inputs }) => {
      const flagged = inputs
        .map((input) => createToolDefinition(input, { hygiene: 'off' }))
        .filter((tool) => detectPoisoning(tool).length > 0)
        .map((tool) => tool.name);
      expect(flagged).toEqual([]);
    },
  );

  it.each(catalogs.map((c) => [c.set, c] as const))(
    '%s: loads with no tool skipped or quarantined, from a file and from code',
    async (_set, { inputs }) => {
      for (const origin of ['imported', 'code'] as const) {
        const arsenal = createArsenal();
        const summary = await arsenal.register(inputs, { source: 'catalog', origin });
        expect(summary.failed.map((f) => `${f.name}: ${f.error.message}`)).toEqual([]);
        expect(summary.quarantined.map(({ tool }) => tool.name)).toEqual([]);
        expect(summary.tools).toHaveLength(inputs.length);
        await arsenal.close();
      }
    },
    120_000,
  );
});
