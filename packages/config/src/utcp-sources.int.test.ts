// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are config text with ${VAR} references.
import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ArsenalError } from '@arsenal/core';
import { temporaryDirectory } from '@arsenal/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfigFileError } from './config-error.js';
import { createArsenalFromConfig } from './create-arsenal.js';
import { parseConfig } from './load-config.js';

let server: Server;
let url = '';
beforeAll(async () => {
  server = createServer((request, response) => {
    const ok = request.headers['x-api-key'] === 'utcp-key-123456';
    response.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
    response.end(JSON.stringify(ok ? { path: request.url } : { error: 'unauthorized' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const manual = (base: string) => ({
  utcp_version: '1.0.1',
  manual_version: '1.0.0',
  tools: [
    {
      name: 'books.find_book',
      description: 'Find a book by its ISBN.',
      inputs: { type: 'object', properties: { isbn: { type: 'string' } }, required: ['isbn'] },
      outputs: {},
      tags: ['books'],
      tool_call_template: {
        call_template_type: 'http',
        http_method: 'GET',
        url: `${base}/books/{isbn}`,
        content_type: 'application/json',
        auth: {
          auth_type: 'api_key',
          api_key: '${KEY}',
          var_name: 'X-Api-Key',
          location: 'header',
        },
      },
    },
    {
      name: 'books.shelve',
      description: 'Run a local program.',
      inputs: { type: 'object', properties: {} },
      outputs: {},
      tags: [],
      tool_call_template: { call_template_type: 'cli', commands: [{ command: 'true' }] },
    },
  ],
});

describe('utcp sources in arsenal.yaml', () => {
  it('loads a manual relative to the config folder, with its variables, and calls its tool', async () => {
    const dir = temporaryDirectory('arsenal-utcp-');
    await writeFile(join(dir, 'books.json'), JSON.stringify(manual(url)));
    const config = parseConfig(
      [
        'utcp:',
        '  books:',
        '    manual: ./books.json',
        '    allowAddresses: [loopback]',
        '    allowedProtocols: [http]',
        '    variables: { KEY: "${BOOKS_KEY}" }',
      ].join('\n'),
      { env: { BOOKS_KEY: 'utcp-key-123456' }, baseDir: dir },
    );
    const warnings: string[] = [];
    const { arsenal, close } = await createArsenalFromConfig(config, {
      onWarning: (m: string) => warnings.push(m),
    });
    try {
      const found = await arsenal.execute({
        tool: 'books.find_book',
        arguments: { isbn: '978 0' },
      });
      expect(found.result).toEqual({ path: '/books/978%200' });
      expect(warnings).toEqual([
        expect.stringMatching(
          /^utcp\.books: skipped books\.shelve: call type "cli" is not allowed/,
        ),
      ]);
    } finally {
      await close();
    }
  });

  it('names the line and key of a bad utcp entry, and stops on a manual it cannot read', async () => {
    let error: unknown;
    try {
      parseConfig(
        ['utcp:', '  books:', '    manual: ./b.json', '    allowedProtocols: [grpc]'].join('\n'),
        { env: {} },
      );
    } catch (caught) {
      error = caught;
    }
    expect((error as ConfigFileError).issues[0]).toMatchObject({
      path: 'utcp.books.allowedProtocols.0',
      line: 4,
    });
    const config = parseConfig(['utcp:', '  gone:', '    manual: ./nope.json'].join('\n'), {
      env: {},
      baseDir: tmpdir(),
    });
    const failure = await createArsenalFromConfig(config).catch((caught: unknown) => caught);
    expect(ArsenalError.isInstance(failure) && failure.code).toBe('configuration_invalid');
    expect((failure as Error).message).toMatch(/utcp\.gone: .*cannot read .*nope\.json/);
  });
});
