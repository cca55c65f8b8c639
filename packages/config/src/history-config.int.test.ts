import { tmpdir } from 'node:os';
import { defineTool } from '@arsenal/core';
import { createPostgresHistoryStore } from '@arsenal/history-postgres';
import { startTestPostgres, type TestPostgres, uniqueTable } from '@arsenal/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArsenalFromConfig } from './create-arsenal.js';
import { parseConfig } from './load-config.js';

let postgres: TestPostgres;
beforeAll(async () => {
  postgres = await startTestPostgres();
});
afterAll(() => postgres?.dispose());

describe('history: @arsenal/history-postgres in arsenal.yaml', () => {
  it('audits calls into the Postgres table the config names, with secrets redacted', async () => {
    const table = uniqueTable('audit');
    const config = parseConfig(
      [
        'history:',
        '  use: "@arsenal/history-postgres"',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the config's own ${VAR} syntax
        '  options: { connectionString: "${DATABASE_URL}", table: ' +
          table +
          ', retentionDays: 30 }',
      ].join('\n'),
      { baseDir: tmpdir(), env: { DATABASE_URL: postgres.url } },
    );
    const configured = await createArsenalFromConfig(config);
    await configured.arsenal.register([
      defineTool({
        name: 'login',
        description: 'Log a user in with a password.',
        input: {
          type: 'object',
          properties: { user: { type: 'string' }, password: { type: 'string' } },
        },
        handler: () => 'ok',
      }),
    ]);
    await configured.arsenal.execute({
      tool: 'login',
      arguments: { user: 'ada', password: 'correct-horse' },
      principal: { id: 'ada' },
    });
    await configured.close();

    const reader = await createPostgresHistoryStore({ connectionString: postgres.url, table });
    const records = await reader.query({ principalId: 'ada' });
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      tool: 'login',
      status: 'success',
      arguments: { user: 'ada' },
    });
    expect(JSON.stringify(records[0])).not.toContain('correct-horse');
    await reader.close();
  });
});
