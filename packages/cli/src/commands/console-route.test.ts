import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { temporaryDirectory } from '@arsenal/testkit';
import { describe, expect, it } from 'vitest';
import { parseCommandArgs } from '../args.js';
import { runCli } from '../cli.js';
import { createMemoryWriter } from '../io.js';
import { serveSpec, servesHttp, startServe, toServeArgs } from './serve.js';

const ADMIN = 'console-admin-token-0123456789';
const READER = 'console-reader-token-0123456789';

async function writeConfig(extra: string[]): Promise<{ dir: string; path: string }> {
  const dir = temporaryDirectory('arsenal-serve-console-');
  const path = join(dir, 'arsenal.yaml');
  await writeFile(
    path,
    [
      'history:',
      '  use: "@arsenal/history-jsonl"',
      '  options: { path: audit.jsonl }',
      'serve:',
      '  port: 0',
      ...extra,
      '  auth:',
      '    tokens:',
      `      - token: ${ADMIN}`,
      '        principal: { id: ada, capabilities: [admin] }',
      `      - token: ${READER}`,
      '        principal: { id: rita }',
      'cli:',
      '  - name: say_words',
      '    description: Print the words given.',
      '    command: echo',
      '    args: ["{{words}}"]',
    ].join('\n'),
  );
  await writeFile(
    join(dir, 'arsenal.lock.json'),
    JSON.stringify({
      lockfileVersion: 1,
      servers: {
        github: {
          tools: {
            create_issue: {
              hash: 'sha256:feed',
              approvedAt: '2026-11-01T10:00:00.000Z',
              tool: { name: 'create_issue', inputSchema: { type: 'object' } },
            },
          },
        },
      },
    }),
  );
  return { dir, path };
}

describe('arsenal serve --console', () => {
  it('serves the console at /console/ and the REST API it reads, behind one authentication', async () => {
    const { path } = await writeConfig([]);
    const args = toServeArgs(parseCommandArgs(serveSpec, ['--config', path, '--console']));
    expect(args.console).toBe(true);
    const stderr = createMemoryWriter();
    const running = await startServe(args, { stdout: createMemoryWriter(), stderr });
    try {
      const origin = new URL(running.url ?? '').origin;
      expect(stderr.text).toContain(`console at ${origin}/console/`);
      const page = await fetch(`${origin}/console/`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(page.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await (await fetch(`${origin}/console/config.json`)).json()).toEqual({
        apiBase: '/api',
      });
      const as = (token: string) => ({ authorization: `Bearer ${token}` });
      expect((await fetch(`${origin}/api/me`)).status).toBe(401);
      const me = (await (await fetch(`${origin}/api/me`, { headers: as(READER) })).json()) as {
        permissions: { approveTools: boolean };
      };
      expect(me.permissions.approveTools).toBe(false);

      await fetch(`${origin}/api/execute`, {
        method: 'POST',
        headers: { ...as(READER), 'content-type': 'application/json' },
        body: JSON.stringify({ tool: 'cli.say_words', arguments: { words: 'audited' } }),
      });
      const calls = (await (
        await fetch(`${origin}/api/calls`, { headers: as(READER) })
      ).json()) as {
        calls: { tool: string; principalId: string }[];
      };
      expect(calls.calls).toEqual([
        expect.objectContaining({ tool: 'say_words', principalId: 'rita' }),
      ]);

      const pins = (await (await fetch(`${origin}/api/pins`, { headers: as(READER) })).json()) as {
        pins: { server: string; tool: string }[];
        lockFile: string;
      };
      // A reader learns which file, not where the server keeps it.
      expect(pins.lockFile).toBe('arsenal.lock.json');
      expect(pins.pins).toEqual([
        expect.objectContaining({ server: 'github', tool: 'create_issue', hash: 'sha256:feed' }),
      ]);

      const dialects = (await (
        await fetch(`${origin}/api/tools/cli.say_words/dialects`, { headers: as(READER) })
      ).json()) as { tokenizer: string; dialects: { dialect: string; status: string }[] };
      expect(dialects.tokenizer).toBe('o200k_base');
      expect(dialects.dialects.map((d) => `${d.dialect}:${d.status}`)).toEqual([
        'openai:encoded',
        'openai strict:encoded',
        'anthropic:encoded',
        'gemini:encoded',
        'mcp:encoded',
      ]);
    } finally {
      await running.close();
    }
  });

  it('serve.console names its path and the capability that may approve', async () => {
    const { path } = await writeConfig([
      '  console:',
      '    path: /ui',
      '    approveCapability: reviewer',
    ]);
    const args = toServeArgs(
      parseCommandArgs(serveSpec, ['--config', path, '--http', '127.0.0.1:0']),
    );
    const running = await startServe(args, {
      stdout: createMemoryWriter(),
      stderr: createMemoryWriter(),
    });
    try {
      const origin = new URL(running.url ?? '').origin;
      expect((await fetch(`${origin}/ui/`)).status).toBe(200);
      const me = (await (
        await fetch(`${origin}/api/me`, { headers: { authorization: `Bearer ${ADMIN}` } })
      ).json()) as { permissions: { approveTools: boolean; manageTools: boolean } };
      // The admin manages tools, but approving needs the reviewer capability here.
      expect(me.permissions).toMatchObject({ manageTools: true, approveTools: false });
    } finally {
      await running.close();
    }
  });

  it('serve.console: true alone serves HTTP, the console and the REST API, as --console does', async () => {
    const { path } = await writeConfig(['  console: true']);
    const args = toServeArgs(parseCommandArgs(serveSpec, ['--config', path]));
    expect(args.http).toBeUndefined();
    expect(args.console).toBeUndefined();
    const stderr = createMemoryWriter();
    const running = await startServe(args, { stdout: createMemoryWriter(), stderr });
    try {
      expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
      const origin = new URL(running.url ?? '').origin;
      expect(stderr.text).toContain(`console at ${origin}/console/`);
      expect((await fetch(`${origin}/console/`)).status).toBe(200);
      const as = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
      const admin = await (await fetch(`${origin}/api/confirmations`, as(ADMIN))).json();
      expect(admin).toEqual({ confirmations: [], canSettleAll: true, limit: 100 });
      const reader = await (await fetch(`${origin}/api/confirmations`, as(READER))).json();
      expect(reader).toMatchObject({ canSettleAll: false });
    } finally {
      await running.close();
    }
  });

  it('chooses HTTP for serve.rest and serve.console, and stdio when both are off', () => {
    const none = { stateless: false, pinned: [] };
    expect(servesHttp(none, { console: true })).toBe(true);
    expect(servesHttp(none, { console: { path: '/ops' } })).toBe(true);
    expect(servesHttp(none, { rest: true })).toBe(true);
    expect(servesHttp(none, { console: false, rest: false })).toBe(false);
    expect(servesHttp(none, {})).toBe(false);
    expect(servesHttp({ ...none, console: true }, {})).toBe(true);
  });

  it('refuses serve.console beside transport: stdio, saying what to change, and exits 2', async () => {
    const { path } = await writeConfig(['  transport: stdio', '  console: true']);
    const stderr = createMemoryWriter();
    const code = await runCli(['serve', '--config', path], {
      stdout: createMemoryWriter(),
      stderr,
    });
    expect(code).toBe(2);
    expect(stderr.text).toContain('serve.transport');
    expect(stderr.text).toContain('set "transport: http"');
  });

  it('--dev: on loopback without authentication the anonymous caller may call tools, and the page comes with its data', async () => {
    const dir = temporaryDirectory('arsenal-serve-dev-');
    const path = join(dir, 'arsenal.yaml');
    await writeFile(
      path,
      [
        'serve:',
        '  port: 0',
        'cli:',
        '  - name: say_words',
        '    description: Print the words given.',
        '    command: echo',
        '    args: ["{{words}}"]',
      ].join('\n'),
    );
    const args = toServeArgs(parseCommandArgs(serveSpec, ['--config', path, '--dev']));
    expect(args).toMatchObject({ dev: true, console: true });
    const stderr = createMemoryWriter();
    const running = await startServe(args, { stdout: createMemoryWriter(), stderr });
    try {
      const origin = new URL(running.url ?? '').origin;
      expect(stderr.text).toContain(`dev mode: anyone who reaches ${origin} may call tools`);
      const me = await (await fetch(`${origin}/api/me`)).json();
      expect(me).toMatchObject({ principal: null, permissions: { callTools: true } });
      const page = await (await fetch(`${origin}/console/?view=catalog&q=words`)).text();
      const data = JSON.parse(
        /<script type="application\/json" id="console-data">(.*?)<\/script>/s.exec(page)?.[1] ??
          '{}',
      );
      expect(data.answers['/me'].body.permissions.callTools).toBe(true);
      const catalog = data.answers['/tools?q=words&limit=50&facets=true'];
      expect(catalog.body.tools.map((tool: { name: string }) => tool.name)).toEqual(['say_words']);
    } finally {
      await running.close();
    }
  });

  it('--dev refuses a server with authentication, saying what to change, and exits 2', async () => {
    const { path } = await writeConfig([]);
    const stderr = createMemoryWriter();
    const code = await runCli(['serve', '--config', path, '--dev'], {
      stdout: createMemoryWriter(),
      stderr,
    });
    expect(code).toBe(2);
    expect(stderr.text).toContain('--dev lets anonymous callers call tools');
    expect(stderr.text).toContain('with serve.auth');
  });

  it('without --dev an anonymous caller of an open server stays read-only', async () => {
    const dir = temporaryDirectory('arsenal-serve-open-');
    const path = join(dir, 'arsenal.yaml');
    await writeFile(path, ['serve:', '  port: 0', '  console: true'].join('\n'));
    const running = await startServe(toServeArgs(parseCommandArgs(serveSpec, ['--config', path])), {
      stdout: createMemoryWriter(),
      stderr: createMemoryWriter(),
    });
    try {
      const origin = new URL(running.url ?? '').origin;
      const me = await (await fetch(`${origin}/api/me`)).json();
      expect(me.permissions.callTools).toBe(false);
    } finally {
      await running.close();
    }
  });
});
