// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are config text with ${VAR} references.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ArsenalError } from '@arsenal/core';
import { temporaryDirectory } from '@arsenal/testkit';
import { describe, expect, it } from 'vitest';
import { ConfigFileError, redactConfig } from './config-error.js';
import { parseDotEnv } from './env-substitution.js';
import { loadConfig, parseConfig } from './load-config.js';

function failure(text: string, env: Record<string, string> = {}): ConfigFileError {
  try {
    parseConfig(text, { env });
  } catch (error) {
    if (error instanceof ConfigFileError) return error;
    throw error;
  }
  throw new Error('expected the config to be refused');
}

describe('parseConfig', () => {
  it('accepts a full config', () => {
    const config = parseConfig(
      [
        'serve:',
        '  mode: hybrid',
        '  pinned: [everything.echo]',
        '  transport: http',
        '  port: 3333',
        'mcpServers:',
        '  memory:',
        '    command: node',
        '    args: [server.js]',
        '  remote:',
        '    url: https://mcp.example.com/mcp',
        '    transport: sse',
        'policy:',
        '  deny: { tools: ["drop_*"] }',
        'reranker: lexical',
      ].join('\n'),
      { env: {} },
    );
    expect(config.serve?.mode).toBe('hybrid');
    expect(config.mcpServers?.memory).toMatchObject({ command: 'node', args: ['server.js'] });
    expect(config.mcpServers?.remote).toMatchObject({ transport: 'sse' });
  });

  it('accepts serve.auth.oauth beside or instead of static tokens', () => {
    const config = parseConfig(
      [
        'serve:',
        '  auth:',
        '    oauth:',
        '      resource: https://mcp.example.com/mcp',
        '      authorizationServers: [https://auth.example.com]',
        '      jwksUrl: https://auth.example.com/jwks.json',
        '      requiredScopes: [mcp]',
        '      scopeCapabilities: { "billing:charge": [financial] }',
        '      clockToleranceSeconds: 10',
      ].join('\n'),
    );
    expect(config.serve?.auth?.oauth?.scopeCapabilities).toEqual({
      'billing:charge': ['financial'],
    });
    expect(config.serve?.auth?.tokens).toBeUndefined();
  });

  it('refuses an OAuth config with a relative URL, an HMAC algorithm or nothing at all', () => {
    const relative = failure(
      [
        'serve:',
        '  auth:',
        '    oauth:',
        '      resource: /mcp',
        '      authorizationServers: [https://auth.example.com]',
        '      jwksUrl: https://auth.example.com/jwks.json',
      ].join('\n'),
    );
    expect(relative.message).toContain('serve.auth.oauth.resource');
    expect(relative.message).toContain('absolute URL');
    const hmac = failure(
      [
        'serve:',
        '  auth:',
        '    oauth:',
        '      resource: https://mcp.example.com/mcp',
        '      authorizationServers: [https://auth.example.com]',
        '      jwksUrl: https://auth.example.com/jwks.json',
        '      algorithms: [HS256]',
      ].join('\n'),
    );
    expect(hmac.message).toContain('serve.auth.oauth.algorithms.0');
    const empty = failure(['serve:', '  auth: {}'].join('\n'));
    expect(empty.message).toContain('serve.auth needs tokens, oauth or both');
  });

  it('names the line and key of an unknown key', () => {
    const error = failure(['serve:', '  mode: static', '  prot: 3000'].join('\n'));
    expect(ArsenalError.isInstance(error)).toBe(true);
    expect(error.code).toBe('configuration_invalid');
    expect(error.issues).toEqual([
      { path: 'serve.prot', line: 3, message: expect.stringContaining('unknown key "prot"') },
    ]);
    expect(error.message).toContain('line 3, serve.prot');
  });

  it('refuses serve.console (or serve.rest) over an explicit stdio transport, saying what to change', () => {
    const error = failure(['serve:', '  transport: stdio', '  console: true'].join('\n'));
    expect(ArsenalError.isInstance(error)).toBe(true);
    expect(error.code).toBe('configuration_invalid');
    expect(error.issues).toEqual([
      {
        path: 'serve.transport',
        line: 2,
        message: expect.stringContaining(
          'serve.console is served over HTTP, but serve.transport is "stdio": set "transport: http"',
        ),
      },
    ]);
    const rest = failure(['serve:', '  transport: stdio', '  rest: { path: /v1 }'].join('\n'));
    expect(rest.issues[0]?.message).toContain('or remove serve.rest to serve over stdio');
    // Without a transport, or with HTTP, or with both turned off, the config is fine.
    for (const lines of [
      ['serve:', '  console: true'],
      ['serve:', '  transport: http', '  console: { path: /ops }'],
      ['serve:', '  transport: stdio', '  console: false', '  rest: false'],
    ]) {
      expect(() => parseConfig(lines.join('\n'), { env: {} })).not.toThrow();
    }
  });

  it('refuses a routing weight that does not exist, by name and line', () => {
    const error = failure(['routing:', '  weights:', '    lexical: 2', '    lexcal: 1'].join('\n'));
    expect(error.message).toContain('line 4, routing.weights.lexcal');
    expect(parseConfig('routing:\n  weights:\n    subquery: 0\n', { env: {} }).routing).toEqual({
      weights: { subquery: 0 },
    });
  });

  it('names the line and key of a value of the wrong type', () => {
    const error = failure(
      ['# comment', 'serve:', '  transport: http', '  port: "eighty"'].join('\n'),
    );
    expect(error.issues[0]).toMatchObject({ path: 'serve.port', line: 4 });
    const mode = failure(['serve:', '  mode: turbo'].join('\n'));
    expect(mode.issues[0]).toMatchObject({ path: 'serve.mode', line: 2 });
  });

  it('refuses HTTP limits and timeouts outside their documented ranges, by line', () => {
    for (const [key, value] of [
      ['sessionIdleMs', '1e15'],
      ['headersTimeoutMs', '0'],
      ['bodyTimeoutMs', '99999999999'],
      ['maxBodyBytes', '1e12'],
      ['maxSessions', '1.5'],
      ['sseRetryMs', '-1'],
    ] as const) {
      const error = failure(['serve:', '  transport: http', `  ${key}: ${value}`].join('\n'));
      expect(error.issues[0], key).toMatchObject({ path: `serve.${key}`, line: 3 });
    }
    expect(() =>
      parseConfig('serve:\n  sessionIdleMs: 2147483647\n  maxBodyBytes: 67108864\n', { env: {} }),
    ).not.toThrow();
  });

  it('reports the closest shape of an MCP server that fits neither', () => {
    const error = failure(['mcpServers:', '  broken:', '    args: [x]'].join('\n'));
    expect(error.issues[0]?.path).toMatch(/^mcpServers\.broken\./);
    expect(error.issues[0]?.line).toBeGreaterThanOrEqual(2);
  });

  it('reports YAML syntax errors with their line', () => {
    const error = failure(['serve:', '  mode: static', ' bad: [unclosed'].join('\n'));
    expect(error.issues[0]?.line).toBeGreaterThanOrEqual(2);
    expect(error.issues[0]?.message).toMatch(/^not valid YAML/);
  });

  it('substitutes ${VAR} and ${VAR:-default}, and keeps $${ literal', () => {
    const config = parseConfig(
      [
        'serve:',
        '  port: 3000',
        '  host: ${HOST:-127.0.0.1}',
        '  path: /${PREFIX}/mcp',
        'mcpServers:',
        '  x:',
        '    command: node',
        '    args: ["$${NOT_A_VAR}"]',
      ].join('\n'),
      { env: { PREFIX: 'tools' } },
    );
    expect(config.serve?.host).toBe('127.0.0.1');
    expect(config.serve?.path).toBe('/tools/mcp');
    expect(config.mcpServers?.x).toMatchObject({ args: ['${NOT_A_VAR}'] });
  });

  it('names a missing environment variable with its line', () => {
    const error = failure(
      [
        'mcpServers:',
        '  github:',
        '    url: https://x.example.com',
        '    headers:',
        '      Authorization: Bearer ${GITHUB_TOKEN}',
      ].join('\n'),
    );
    expect(error.issues).toEqual([
      {
        path: 'mcpServers.github.headers.Authorization',
        line: 5,
        message: expect.stringContaining('environment variable GITHUB_TOKEN is not set'),
      },
    ]);
  });

  it('never prints substituted secrets', () => {
    const secret = 'sk-live-very-secret-value-123';
    const error = failure(
      [
        'serve:',
        '  mode: ${MODE}',
        '  auth:',
        '    tokens:',
        '      - token: ${TOKEN}',
        '        principal: { id: 1 }',
      ].join('\n'),
      { MODE: secret, TOKEN: secret },
    );
    expect(error.issues.length).toBeGreaterThan(0);
    expect(error.message).not.toContain(secret);
    expect(JSON.stringify(error.issues)).not.toContain(secret);
  });
});

describe('loadConfig', () => {
  it('reads .env beside the file; the environment wins', async () => {
    const dir = temporaryDirectory('arsenal-config-');
    await writeFile(join(dir, '.env'), '# tokens\nexport PORT=4000\nHOST="127.0.0.2" # local\n');
    await writeFile(
      join(dir, 'arsenal.yaml'),
      'serve:\n  port: ${PORT}\n  host: ${HOST}\ntools:\n  catalogs: [tools.yaml]\n',
    );
    const config = await loadConfig(join(dir, 'arsenal.yaml'), { env: { HOST: '127.0.0.3' } });
    expect(config.serve).toMatchObject({ host: '127.0.0.3', port: 4000 });
    expect(config.tools?.catalogs).toEqual([join(dir, 'tools.yaml')]);
    const withoutEnvFile = loadConfig(join(dir, 'arsenal.yaml'), { env: {}, envFile: false });
    await expect(withoutEnvFile).rejects.toThrow(/line 2, serve\.port: environment variable PORT/);
  });

  it('says when the file does not exist', async () => {
    await expect(loadConfig('/no/such/arsenal.yaml')).rejects.toThrow(/file not found/);
  });
});

describe('parseDotEnv and redactConfig', () => {
  it('parses quotes, escapes and comments', () => {
    expect(parseDotEnv('A=1\nB="x\\ny"\nC=\'lit $X\'\n# c\nD=v # comment\nnot a line')).toEqual({
      A: '1',
      B: 'x\ny',
      C: 'lit $X',
      D: 'v',
    });
  });

  it('hides tokens, env and headers', () => {
    const redacted = redactConfig({
      serve: { auth: { tokens: [{ token: 'secret-1', principal: { id: 'a' } }] } },
      mcpServers: { x: { command: 'node', env: { KEY: 'secret-2' } } },
    });
    expect(JSON.stringify(redacted)).not.toMatch(/secret-/);
    expect(redacted.serve.auth.tokens[0]?.principal.id).toBe('a');
  });
});
