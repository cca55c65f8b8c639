import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineTool } from '@arsenal/core';
import { expectArsenalError, freePort, temporaryDirectory } from '@arsenal/testkit';
import { describe, expect, it } from 'vitest';
import { createArsenalFromConfig } from './create-arsenal.js';
import { parseConfig } from './load-config.js';

const ping = defineTool({
  name: 'ping',
  description: 'Answer pong.',
  input: { type: 'object', properties: { secret: { type: 'string' } } },
  handler: () => 'pong',
});

describe('history in arsenal.yaml', () => {
  it('loads a history adapter, audits every call into it, and flushes it on close', async () => {
    const project = temporaryDirectory('arsenal-history-config-');
    const config = parseConfig(
      ['history:', '  use: "@arsenal/history-jsonl"', '  options: { path: data/audit.jsonl }'].join(
        '\n',
      ),
      { baseDir: project },
    );
    const configured = await createArsenalFromConfig(config);
    expect(configured.history).toBeDefined();
    await configured.arsenal.register([ping]);
    const result = await configured.arsenal.execute({ tool: 'ping', arguments: {} });
    expect(result.status).toBe('success');
    await configured.close();
    // The relative path is taken from the config's folder, not the working directory.
    const lines = (await readFile(join(project, 'data', 'audit.jsonl'), 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ tool: 'ping', status: 'success' });
  });

  it('rejects an unknown key under history, naming it', () => {
    expect(() =>
      parseConfig('history: { use: "@arsenal/history-postgres", option: {} }', {
        baseDir: tmpdir(),
      }),
    ).toThrow(/option/);
  });

  it('reports an unreachable Postgres as a configuration error without the password', async () => {
    const port = await freePort();
    const config = parseConfig(
      [
        'history:',
        '  use: "@arsenal/history-postgres"',
        `  options: { connectionString: "postgres://audit:hunter2-pw@127.0.0.1:${port}/arsenal", connectionTimeoutMs: 2000 }`,
      ].join('\n'),
      { baseDir: tmpdir() },
    );
    const error = await expectArsenalError(
      createArsenalFromConfig(config),
      'configuration_invalid',
    );
    expect(error.message).toMatch(/^history: /);
    expect(error.message).toContain(`postgres://audit@127.0.0.1:${port}/arsenal`);
    expect(error.message).not.toContain('hunter2-pw');
  });

  it('refuses a package that is not a history store', async () => {
    const config = parseConfig('history: { use: "@arsenal/transcoder-openai" }', {
      baseDir: tmpdir(),
    });
    const error = await expectArsenalError(
      createArsenalFromConfig(config),
      'configuration_invalid',
    );
    expect(error.message).toMatch(/did not build a HistoryStore/);
  });
});
