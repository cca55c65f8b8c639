import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { defineTool } from '@arsenal/core';
import { temporaryDirectory } from '@arsenal/testkit';
import { describe, expect, it } from 'vitest';
import { createArsenalFromConfig } from './create-arsenal.js';
import { parseConfig } from './load-config.js';

/** A project folder with a telemetry package that records events in a global list. */
async function projectWithSinks(): Promise<string> {
  const project = temporaryDirectory('arsenal-telemetry-');
  for (const name of ['sink-a', 'sink-b', 'sink-broken']) {
    const dir = join(project, 'node_modules', name);
    await mkdir(dir, { recursive: true });
    await writeFile(
      join(dir, 'package.json'),
      JSON.stringify({ name, type: 'module', exports: { '.': { import: './index.js' } } }),
    );
    const body =
      name === 'sink-broken'
        ? 'export default function () { throw new Error("no collector configured"); }'
        : `export default function (options) {
  const seen = (globalThis.__sinks ??= {});
  seen['${name}'] = [];
  return {
    emit(event) { if (options.crash) throw new Error('sink crashed'); seen['${name}'].push(event.type); },
    async close() { seen['${name}'].push('closed'); },
  };
}`;
    await writeFile(join(dir, 'index.js'), body);
  }
  return project;
}

const sinks = () => (globalThis as { __sinks?: Record<string, string[]> }).__sinks ?? {};

describe('telemetry in arsenal.yaml', () => {
  it('takes a list of adapters, sends every event to each, and one crashing sink spares the other', async () => {
    const project = await projectWithSinks();
    const config = parseConfig(
      ['telemetry:', '  - use: sink-a', '    options: { crash: true }', '  - use: sink-b'].join(
        '\n',
      ),
      { baseDir: project },
    );
    const { arsenal, close } = await createArsenalFromConfig(config);
    await arsenal.register([
      defineTool({
        name: 'ping',
        description: 'Answer pong.',
        input: { type: 'object', properties: {} },
        handler: () => 'pong',
      }),
    ]);
    const result = await arsenal.execute({ tool: 'ping', arguments: {} });
    expect(result.status).toBe('success');
    expect(sinks()['sink-b']).toEqual(
      expect.arrayContaining(['tool.registered', 'execution.started', 'execution.completed']),
    );
    await close();
    expect(sinks()['sink-a']).toContain('closed');
    expect(sinks()['sink-b']).toContain('closed');
  });

  it('names the failing entry and closes the adapters already started', async () => {
    const project = await projectWithSinks();
    const config = parseConfig(
      ['telemetry:', '  - use: sink-a', '  - use: sink-broken'].join('\n'),
      { baseDir: project },
    );
    await expect(createArsenalFromConfig(config)).rejects.toThrow(
      /telemetry\[1\]: the factory of "sink-broken" refused its options: no collector configured/,
    );
    expect(sinks()['sink-a']).toEqual(['closed']);
  });

  it('rejects an empty list', () => {
    expect(() => parseConfig('telemetry: []')).toThrow(/telemetry/);
  });
});
