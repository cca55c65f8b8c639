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
    const ok = request.headers['x-api-key'] === 'cfg-key-123456';
    response.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
    response.end(JSON.stringify(ok ? { path: request.url } : { error: 'unauthorized' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const spec = (base: string) => `
openapi: 3.0.3
info: { title: Notes, version: "1" }
servers: [{ url: "${base}" }]
components:
  securitySchemes:
    key: { type: apiKey, in: header, name: X-API-Key }
security: [{ key: [] }]
paths:
  /notes/{id}:
    get:
      operationId: getNote
      summary: Read one note by its id
      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
`;

describe('openapi and http sources in arsenal.yaml', () => {
  it('loads a spec relative to the config folder and plain HTTP tools, and calls both', async () => {
    const dir = temporaryDirectory('arsenal-openapi-');
    await writeFile(join(dir, 'notes.yaml'), spec(url));
    const config = parseConfig(
      [
        'openapi:',
        '  notes:',
        '    spec: ./notes.yaml',
        '    allowAddresses: [loopback]',
        '    credentials:',
        '      key: { apiKey: "${NOTES_KEY}" }',
        'http:',
        '  status:',
        '    allowAddresses: [loopback]',
        '    auth: { type: apiKey, in: header, name: X-API-Key, apiKey: "${NOTES_KEY}" }',
        '    tools:',
        '      - name: service_status',
        '        description: Report whether the notes service is up.',
        `        url: ${url}/status`,
      ].join('\n'),
      { env: { NOTES_KEY: 'cfg-key-123456' }, baseDir: dir },
    );
    const { arsenal, close } = await createArsenalFromConfig(config);
    try {
      const note = await arsenal.execute({ tool: 'notes.get_note', arguments: { id: 'n 1' } });
      expect(note.result).toEqual({ path: '/notes/n%201' });
      const status = await arsenal.execute({ tool: 'status.service_status', arguments: {} });
      expect(status.result).toEqual({ path: '/status' });
    } finally {
      await close();
    }
  });

  it('names the line and key of a bad openapi or http entry', () => {
    const failure = (text: string) => {
      try {
        parseConfig(text, { env: {} });
      } catch (error) {
        return error as ConfigFileError;
      }
      throw new Error('expected a config error');
    };
    const range = failure(
      ['openapi:', '  shop:', '    spec: ./shop.yaml', '    allowAddresses: [intranet]'].join('\n'),
    );
    expect(range.issues[0]).toMatchObject({ path: 'openapi.shop.allowAddresses.0', line: 4 });
    const unknown = failure(
      ['openapi:', '  shop:', '    spec: ./shop.yaml', '    baseUri: x'].join('\n'),
    );
    expect(unknown.message).toContain('line 4, openapi.shop.baseUri');
    const tool = failure(
      [
        'http:',
        '  api:',
        '    tools:',
        '      - name: x',
        '        description: y',
        '        url: ftp://x',
      ].join('\n'),
    );
    expect(tool.issues[0]).toMatchObject({ path: 'http.api.tools.0.url', line: 6 });
  });

  it('stops start-up with a clear error when a spec cannot be read', async () => {
    const config = parseConfig(['openapi:', '  missing:', '    spec: ./nope.yaml'].join('\n'), {
      env: {},
      baseDir: tmpdir(),
    });
    const error = await createArsenalFromConfig(config).catch((caught: unknown) => caught);
    expect(ArsenalError.isInstance(error) && error.code).toBe('configuration_invalid');
    expect((error as Error).message).toMatch(/openapi\.missing: .*nope\.yaml.*cannot be read/);
  });
});
