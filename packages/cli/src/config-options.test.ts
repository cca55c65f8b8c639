import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { temporaryDirectory } from '@arsenal/testkit';
import { describe, expect, it } from 'vitest';
import { runArsenal } from './test-support.js';

/** A config serving one catalog, a policy that hides drop_*, and two named principals. */
async function project(): Promise<{ dir: string; config: string }> {
  const dir = temporaryDirectory('arsenal-cli-config-');
  await writeFile(
    join(dir, 'tools.yaml'),
    [
      '- name: get_forecast',
      '  description: Weather forecast for a city for the next days.',
      '  parameters: { type: object, properties: { city: { type: string } } }',
      '- name: read_payroll',
      '  description: Read the salaries of every employee from the payroll.',
      '  capabilities: [financial]',
      '- name: drop_table',
      '  description: Drop a database table and every row in it.',
    ].join('\n'),
  );
  const config = join(dir, 'arsenal.yaml');
  await writeFile(
    config,
    [
      'tools:',
      '  catalogs: [{ path: tools.yaml, namespace: office }]',
      'policy:',
      '  deny: { tools: ["drop_*"] }',
      'serve:',
      '  auth:',
      '    tokens:',
      '      - token: admin-token-0123456789',
      '        principal: { id: admin, capabilities: [financial] }',
      '      - token: reader-token-0123456789',
      '        principal: { id: reader }',
    ].join('\n'),
  );
  return { dir, config };
}

function toolNames(stdout: string): string[] {
  return (JSON.parse(stdout) as { tools: { name: string }[] }).tools.map((tool) => tool.name);
}

describe('--config on list, search and inspect', () => {
  it('lists exactly the tools the config serves', async () => {
    const { config } = await project();
    const listed = await runArsenal(['list', '--config', config, '--json']);
    expect(listed.code).toBe(0);
    expect(toolNames(listed.stdout)).toEqual(['drop_table', 'get_forecast', 'read_payroll']);
    const found = await runArsenal(['search', 'weather forecast', '--config', config, '--json']);
    expect(found.code).toBe(0);
    expect(toolNames(found.stdout)[0]).toBe('get_forecast');
    const inspected = await runArsenal(['inspect', 'office.read_payroll', '--config', config]);
    expect(inspected.code).toBe(0);
    expect(inspected.stdout).toContain('capabilities    financial');
  });

  it('refuses --config together with --catalog', async () => {
    const { config } = await project();
    const result = await runArsenal(['list', '--config', config, '--catalog', config]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^arsenal: --config and --catalog cannot be combined — /);
  });
});

describe('arsenal list --principal', () => {
  it('shows what a principal of the config may see', async () => {
    const { config } = await project();
    const admin = await runArsenal(['list', '--config', config, '--principal', 'admin', '--json']);
    expect(toolNames(admin.stdout)).toEqual(['get_forecast', 'read_payroll']);
    const reader = await runArsenal(['list', '--config', config, '--principal', 'reader']);
    expect(reader.stdout).toContain('get_forecast');
    expect(reader.stdout).not.toContain('read_payroll');
    expect(reader.stdout).toContain('as seen by principal "reader" (2 hidden by the policy)');
  });

  it('describes a principal with --capability, and names the known ones for a typo', async () => {
    const { config } = await project();
    const described = await runArsenal([
      'list',
      '--config',
      config,
      '--capability',
      'financial',
      '--json',
    ]);
    expect(toolNames(described.stdout)).toEqual(['get_forecast', 'read_payroll']);
    const typo = await runArsenal(['list', '--config', config, '--principal', 'raeder']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('principal "raeder" is not in');
    expect(typo.stderr).toContain('"admin", "reader"');
  });
});

describe('config and system errors', () => {
  it('reads cleanly for a missing file, broken YAML and a misspelt key', async () => {
    const { dir } = await project();
    const missing = await runArsenal(['list', '--config', join(dir, 'nope.yaml')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^arsenal: .*nope\.yaml: file not found; check the path/);
    const broken = join(dir, 'broken.yaml');
    await writeFile(broken, 'serve: [\n  a: b\n');
    const yaml = await runArsenal(['list', '--config', broken]);
    expect(yaml.stderr).toMatch(/^arsenal: .*broken\.yaml:3: not valid YAML: [^\n]*\]\n$/);
    const typo = join(dir, 'typo.yaml');
    await writeFile(typo, 'serve:\n  prot: 3333\n');
    const key = await runArsenal(['list', '--config', typo]);
    expect(key.stderr).toContain(
      'typo.yaml:2: serve.prot: unknown key "prot"; did you mean "port"?',
    );
    for (const result of [missing, yaml, key]) {
      expect(result.stderr).not.toContain('report');
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it('says in one line that the port is in use', async () => {
    const { config } = await project();
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as { port: number };
    try {
      const result = await runArsenal(['serve', '--config', config, '--http', `127.0.0.1:${port}`]);
      expect(result.code).toBe(2);
      const lines = result.stderr.trimEnd().split('\n');
      expect(lines.at(-1)).toBe(
        `arsenal: 127.0.0.1:${port} is already in use — stop whatever listens there, or pick another port (--http :<port>)`,
      );
      expect(result.stderr).not.toContain('unexpected error');
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});

describe('arsenal search', () => {
  it('points at --explain when it was not asked for', async () => {
    const { config } = await project();
    const plain = await runArsenal(['search', 'weather forecast', '--config', config]);
    expect(plain.stdout).toContain('--explain');
    const explained = await runArsenal(['search', 'weather', '--config', config, '--explain']);
    expect(explained.stdout).not.toContain('Add --explain');
  });
});
