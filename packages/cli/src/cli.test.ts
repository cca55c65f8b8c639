import { describe, expect, it } from 'vitest';
import { fixture, MALFORMED_YAML, runArsenal, temporaryFile } from './test-support.js';
import { cliVersion } from './version.js';

/** One line on stderr, in the `arsenal: <what> — <fix>` shape, and no stack trace. */
function expectOneLineError(stderr: string): void {
  const lines = stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^arsenal: .+ — .+/);
  expect(stderr).not.toMatch(/\n\s+at /);
}

describe('arsenal search', () => {
  it('prints a ranked table with each signal, timings and candidate counts', async () => {
    const { code, stdout, stderr } = await runArsenal([
      'search',
      'convert dollars to euros',
      '--catalog',
      fixture('tools.yaml'),
    ]);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    const lines = stdout.split('\n');
    const header = lines.find((line) => line.startsWith('#'));
    expect(header).toMatch(/#\s+tool\s+score\s+lexical/);
    const first = lines[lines.indexOf(header!) + 1];
    expect(first).toMatch(/^1\s+finance\.convert_currency\s+\d\.\d{3}/);
    expect(stdout).toMatch(/candidates, \d+ filtered/);
    expect(stdout).toMatch(/total [\d.]+ ms/);
  });

  it('prints the retrieval result as JSON with reduced tools', async () => {
    const { code, stdout } = await runArsenal([
      'search',
      'weather forecast for Paris',
      '-c',
      fixture('tools.yaml'),
      '--limit',
      '2',
      '--json',
    ]);
    expect(code).toBe(0);
    const result = JSON.parse(stdout);
    expect(result.query).toBe('weather forecast for Paris');
    expect(result.tools.length).toBeLessThanOrEqual(2);
    expect(Object.keys(result.tools[0]).sort()).toEqual(
      ['description', 'name', 'qualifiedName', 'rank', 'score', 'signals'].sort(),
    );
    expect(result.tools[0].name).toBe('get_weather_forecast');
    expect(result.tools[0].qualifiedName).toBe('weather.get_weather_forecast:1.0.0');
    expect(typeof result.tools[0].signals.lexical).toBe('number');
    expect(result.timings).toHaveProperty('totalMs');
    expect(typeof result.candidateCount).toBe('number');
  });

  it('fits the result to a token budget counted with a real tokenizer', async () => {
    const run = (budget: string) =>
      runArsenal([
        'search',
        'weather forecast email money',
        '-c',
        fixture('tools.yaml'),
        '--json',
        '--limit',
        '5',
        '--token-budget',
        budget,
      ]);
    const roomy = JSON.parse((await run('100000')).stdout);
    const tight = JSON.parse((await run('120')).stdout);
    expect(roomy.tools.length).toBeGreaterThan(tight.tools.length);
    expect(tight.tools.length).toBeGreaterThan(0);
    expect(tight.totalTokens).toBeLessThanOrEqual(120);
    expect(tight.overBudgetCount).toBeGreaterThan(0);
    const bad = await runArsenal(['search', 'x', '--token-budget', 'lots']);
    expect(bad.code).not.toBe(0);
  });

  it('filters by namespace and explains the signals', async () => {
    const { code, stdout } = await runArsenal([
      'search',
      'send money',
      '--catalog',
      fixture('tools.yaml'),
      '--namespace',
      'finance',
      '--explain',
    ]);
    expect(code).toBe(0);
    expect(stdout).not.toContain('mail.send_email');
    expect(stdout).toContain('Signals');
    expect(stdout).toContain('Trace id:');
  });

  it('merges several catalogs', async () => {
    const { code, stdout } = await runArsenal([
      'search',
      'translate a sentence',
      '--catalog',
      fixture('tools.yaml'),
      '--catalog',
      fixture('tools.jsonl'),
      '--json',
    ]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout).tools[0].name).toBe('translate_text');
  });

  it('finds the right tool in the demo catalog of thousands', async () => {
    const { code, stdout } = await runArsenal([
      'search',
      'convert this amount of dollars to euros',
      '--limit',
      '3',
      '--json',
    ]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout).tools[0].qualifiedName).toBe('finance.convert_currency:1.0.0');
  });

  it('validates --limit and --threshold', async () => {
    const limit = await runArsenal(['search', 'x', '--limit', 'ten']);
    expect(limit.code).not.toBe(0);
    expect(limit.stderr).toContain('--limit must be a whole number');
    expectOneLineError(limit.stderr);
    const threshold = await runArsenal(['search', 'x', '--threshold', '3']);
    expect(threshold.code).not.toBe(0);
    expectOneLineError(threshold.stderr);
  });
});

describe('arsenal list', () => {
  it('lists tools with filters and pagination', async () => {
    const { code, stdout } = await runArsenal([
      'list',
      '--catalog',
      fixture('tools.yaml'),
      '--namespace',
      'finance',
    ]);
    expect(code).toBe(0);
    expect(stdout).toContain('finance.convert_currency');
    expect(stdout).toContain('finance.create_payment');
    expect(stdout).not.toContain('send_email');
    expect(stdout).toContain('of 2 matching');
  });

  it('prints a page as JSON', async () => {
    const { code, stdout } = await runArsenal([
      'list',
      '--catalog',
      fixture('tools.yaml'),
      '--offset',
      '1',
      '--limit',
      '2',
      '--json',
    ]);
    expect(code).toBe(0);
    const page = JSON.parse(stdout);
    expect(page.total).toBe(4);
    expect(page.tools).toHaveLength(2);
    expect(page.tools[0]).toHaveProperty('parametersSchema');
  });

  it('filters by tag and source', async () => {
    const byTag = await runArsenal(['list', '-c', fixture('tools.yaml'), '--tag', 'weather']);
    expect(byTag.stdout).toContain('weather.get_weather_forecast');
    expect(byTag.stdout).not.toContain('convert_currency');
    const bySource = await runArsenal(['list', '-c', fixture('tools.yaml'), '--source', 'nowhere']);
    expect(bySource.code).toBe(0);
    expect(bySource.stdout).toContain('No tools match');
  });
});

describe('arsenal eval', () => {
  const files = ['--tools', fixture('tools.jsonl'), '--queries', fixture('queries.jsonl')];

  it('prints recall, NDCG, MRR and latency overall and per subset', async () => {
    const { code, stdout } = await runArsenal(['eval', ...files]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/Recall@1\s+Recall@5\s+Recall@10\s+NDCG@10\s+MRR/);
    expect(stdout).toMatch(/^all\s+4\s/m);
    expect(stdout).toMatch(/^easy\s+3\s/m);
    expect(stdout).toMatch(/^hard\s+1\s/m);
    expect(stdout).toMatch(/p50 .* p95 .* p99/);
    expect(stdout).toContain('Recall@1 is at most 1/|relevant|');
  });

  it('prints machine-readable results with --json and honours --k and --limit-queries', async () => {
    const { code, stdout } = await runArsenal([
      'eval',
      ...files,
      '--json',
      '--k',
      '3,1',
      '--limit-queries',
      '2',
    ]);
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(report.ks).toEqual([1, 3]);
    expect(report.overall.queries).toBe(2);
    expect(Object.keys(report.overall.recall)).toEqual(['1', '3']);
    expect(report.overall.recall['1']).toBeGreaterThanOrEqual(0);
    expect(report.overall.recall['1']).toBeLessThanOrEqual(1);
    expect(report.latencyMs).toHaveProperty('p99');
    expect(report.tools.registered).toBe(5);
  });

  it('samples queries deterministically with --sample and --seed', async () => {
    const args = ['eval', ...files, '--sample', '2', '--seed', '42', '--json'];
    const first = JSON.parse((await runArsenal(args)).stdout);
    const second = JSON.parse((await runArsenal(args)).stdout);
    expect(first.queries.evaluated).toBe(2);
    expect(first.overall).toEqual(second.overall);
  });

  it('needs both files', async () => {
    const { code, stderr } = await runArsenal(['eval', '--tools', fixture('tools.jsonl')]);
    expect(code).not.toBe(0);
    expect(stderr).toContain('eval needs --queries');
    expectOneLineError(stderr);
  });

  it('reports a bad queries line with its number', async () => {
    const { code, stderr } = await runArsenal([
      'eval',
      '--tools',
      fixture('tools.jsonl'),
      '--queries',
      fixture('bad-queries.jsonl'),
    ]);
    expect(code).not.toBe(0);
    expect(stderr).toContain('bad-queries.jsonl:2');
    expectOneLineError(stderr);
  });

  it('rejects a bad --k list', async () => {
    const { code, stderr } = await runArsenal(['eval', ...files, '--k', '1,zero']);
    expect(code).not.toBe(0);
    expectOneLineError(stderr);
  });
});

describe('errors', () => {
  it('rejects an unknown flag in one line, suggesting the close one', async () => {
    const { code, stdout, stderr } = await runArsenal(['search', 'x', '--limt', '3']);
    expect(code).not.toBe(0);
    expect(stdout).toBe('');
    expect(stderr).toContain('unknown option --limt');
    expect(stderr).toContain('did you mean --limit?');
    expectOneLineError(stderr);
  });

  it('rejects a flag with a missing value', async () => {
    const { code, stderr } = await runArsenal(['search', 'x', '--limit']);
    expect(code).not.toBe(0);
    expect(stderr).toContain('--limit needs a value');
    expectOneLineError(stderr);
  });

  it('rejects a value given to a boolean flag', async () => {
    const { code, stderr } = await runArsenal(['search', 'x', '--json=yes']);
    expect(code).not.toBe(0);
    expectOneLineError(stderr);
  });

  it('rejects an unknown command, suggesting the close one', async () => {
    const { code, stderr } = await runArsenal(['serch', 'x']);
    expect(code).not.toBe(0);
    expect(stderr).toContain('unknown command "serch"');
    expect(stderr).toContain('arsenal search');
    expectOneLineError(stderr);
  });

  it('needs the query', async () => {
    const { code, stderr } = await runArsenal(['search']);
    expect(code).not.toBe(0);
    expect(stderr).toContain('missing <query>');
    expectOneLineError(stderr);
  });

  it('reports a missing catalog file', async () => {
    const { code, stderr } = await runArsenal(['list', '--catalog', 'does-not-exist.yaml']);
    expect(code).not.toBe(0);
    expect(stderr).toContain('catalog file not found: does-not-exist.yaml');
    expectOneLineError(stderr);
  });

  it('reports a malformed JSONL line with its line number', async () => {
    const { code, stderr } = await runArsenal(['list', '--catalog', fixture('malformed.jsonl')]);
    expect(code).not.toBe(0);
    expect(stderr).toContain('malformed.jsonl:3: not valid JSON');
    expectOneLineError(stderr);
  });

  it('reports malformed YAML with its line number', async () => {
    const { code, stderr } = await runArsenal([
      'list',
      '--catalog',
      temporaryFile('malformed.yaml', MALFORMED_YAML),
    ]);
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/malformed\.yaml:\d+: not valid YAML/);
    expectOneLineError(stderr);
  });
});

describe('help and version', () => {
  it('prints the main help, with every command', async () => {
    const { code, stdout } = await runArsenal(['--help']);
    expect(code).toBe(0);
    for (const command of ['search', 'list', 'inspect', 'eval']) expect(stdout).toContain(command);
    expect((await runArsenal([])).stdout).toBe(stdout);
  });

  it('prints each command’s help with its flags', async () => {
    const { code, stdout } = await runArsenal(['eval', '--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('--limit-queries <n>');
    expect(stdout).toContain('--sample <n>');
    expect((await runArsenal(['help', 'search'])).stdout).toContain('--threshold <x>');
    expect((await runArsenal(['inspect', '-h'])).stdout).toContain('Usage: arsenal inspect');
  });

  it('prints the version', async () => {
    const { code, stdout } = await runArsenal(['--version']);
    expect(code).toBe(0);
    expect(stdout.trim()).toBe(cliVersion());
    expect(stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('more argument errors', () => {
  it('rejects an empty query', async () => {
    const { code, stderr } = await runArsenal(['search', '  ']);
    expect(code).not.toBe(0);
    expect(stderr).toContain('the query is empty');
  });

  it('points a missing --tools file at the --tools flag', async () => {
    const { code, stderr } = await runArsenal([
      'eval',
      '--tools',
      'missing-tools.jsonl',
      '--queries',
      fixture('queries.jsonl'),
    ]);
    expect(code).not.toBe(0);
    expect(stderr).toContain('not found: missing-tools.jsonl');
    expect(stderr).toContain('--tools');
  });
});
