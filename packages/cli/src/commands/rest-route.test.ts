import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { temporaryDirectory } from '@arsenal/testkit';
import { describe, expect, it } from 'vitest';
import { parseCommandArgs } from '../args.js';
import { createMemoryWriter } from '../io.js';
import { serveSpec, startServe, toServeArgs } from './serve.js';

const ADMIN = 'rest-admin-token-0123456789';
const USER = 'rest-user-token-0123456789';

async function writeConfig(rest: string[]): Promise<string> {
  const dir = temporaryDirectory('arsenal-serve-rest-');
  const path = join(dir, 'arsenal.yaml');
  await writeFile(
    path,
    [
      'serve:',
      ...rest,
      '  auth:',
      '    tokens:',
      `      - token: ${ADMIN}`,
      '        principal: { id: ada, capabilities: [tools:write] }',
      `      - token: ${USER}`,
      '        principal: { id: uma }',
      'cli:',
      '  - name: say_words',
      '    description: Print the words given.',
      '    command: echo',
      '    args: ["{{words}}"]',
    ].join('\n'),
  );
  return path;
}

describe('arsenal serve --rest', () => {
  it('mounts the REST API on the HTTP server behind the same authentication (serve.rest)', async () => {
    const config = await writeConfig([
      '  rest:',
      '    path: /rest',
      '    manageCapability: tools:write',
    ]);
    const args = toServeArgs(
      parseCommandArgs(serveSpec, ['--config', config, '--http', '127.0.0.1:0']),
    );
    const running = await startServe(args, {
      stdout: createMemoryWriter(),
      stderr: createMemoryWriter(),
    });
    try {
      const origin = new URL(running.url ?? '').origin;
      const as = (token: string) => ({
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
      });
      expect((await fetch(`${origin}/rest/tools`)).status).toBe(401);
      const listed = (await (
        await fetch(`${origin}/rest/tools`, { headers: as(USER) })
      ).json()) as {
        tools: { qualifiedName: string }[];
      };
      expect(listed.tools.map((tool) => tool.qualifiedName)).toEqual(['cli.say_words:1.0.0']);

      const called = await fetch(`${origin}/rest/execute`, {
        method: 'POST',
        headers: as(USER),
        body: JSON.stringify({ tool: 'cli.say_words', arguments: { words: 'over rest' } }),
      });
      expect(called.status).toBe(200);
      expect(JSON.stringify(await called.json())).toContain('over rest');

      const definition = JSON.stringify({
        name: 'look_up_word',
        description: 'Look up the meaning of an English word in the dictionary.',
        parametersSchema: { type: 'object', properties: { word: { type: 'string' } } },
      });
      const refused = await fetch(`${origin}/rest/tools`, {
        method: 'POST',
        headers: as(USER),
        body: definition,
      });
      expect(refused.status).toBe(403);
      expect(refused.headers.get('content-type')).toBe('application/problem+json');
      const added = await fetch(`${origin}/rest/tools`, {
        method: 'POST',
        headers: as(ADMIN),
        body: definition,
      });
      expect(added.status).toBe(201);

      const document = (await (
        await fetch(`${origin}/rest/openapi.json`, { headers: as(USER) })
      ).json()) as { openapi: string; servers: { url: string }[] };
      expect(document.openapi).toBe('3.1.0');
      expect(document.servers[0]?.url).toBe('/rest');
    } finally {
      await running.close();
    }
  });

  it('--rest serves HTTP with the API under /api', async () => {
    const config = await writeConfig(['  port: 0']);
    const args = toServeArgs(parseCommandArgs(serveSpec, ['--config', config, '--rest']));
    expect(args.rest).toBe(true);
    const running = await startServe(args, {
      stdout: createMemoryWriter(),
      stderr: createMemoryWriter(),
    });
    try {
      const origin = new URL(running.url ?? '').origin;
      const response = await fetch(`${origin}/api/tools/say_words`, {
        headers: { authorization: `Bearer ${USER}` },
      });
      expect(response.status).toBe(200);
      const missing = await fetch(`${origin}/api/tools/say_wrds`, {
        headers: { authorization: `Bearer ${USER}` },
      });
      expect(missing.status).toBe(404);
      expect(((await missing.json()) as { suggestions: string[] }).suggestions).toContain(
        'say_words',
      );
    } finally {
      await running.close();
    }
  });
});
