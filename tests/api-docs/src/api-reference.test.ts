import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiReport, convertApi, typeCheckExamples } from './api-reference.js';

// The packages listed in ../typedoc.json are held to the house rule: every export of every
// entry has a doc comment with an `@example`, and every example type-checks against the built
// packages. The fixture package shows each rule catching what it is there to catch.

const here = dirname(fileURLToPath(import.meta.url));
const packageRoot = resolve(here, '..');

describe('the documented packages', () => {
  let report: ApiReport;
  beforeAll(async () => {
    report = await convertApi(resolve(packageRoot, 'typedoc.json'));
  });

  it('convert with no TypeDoc error or warning (no undocumented export, no broken link)', () => {
    expect(report.problems).toEqual([]);
  });

  it('are all converted', () => {
    const entries = new Set(report.exports.map((item) => item.entry));
    expect([...entries].sort()).toEqual(
      expect.arrayContaining([
        '@arsenal/cli',
        '@arsenal/config',
        '@arsenal/http',
        '@arsenal/mcp-server',
      ]),
    );
  });

  it('give every export an @example', () => {
    const missing = report.exports
      .filter((item) => item.examples.length === 0)
      .map((item) => `${item.entry}: ${item.name} (${item.kind})`);
    expect(missing).toEqual([]);
  });

  it('have examples that type-check', async () => {
    const diagnostics = await typeCheckExamples(
      report.exports,
      resolve(packageRoot, '.examples/packages'),
    );
    expect(diagnostics).toEqual([]);
  });
});

describe('the check itself, on a fixture package', () => {
  let report: ApiReport;
  beforeAll(async () => {
    report = await convertApi(resolve(packageRoot, 'fixtures/typedoc.json'));
  });

  it('reports an export without a doc comment', () => {
    expect(report.problems).toEqual([
      expect.stringMatching(/^Undocumented \(Interface\).*does not have any documentation/),
    ]);
  });

  it('reports an export without an example', () => {
    expect(
      report.exports.filter((item) => item.examples.length === 0).map((item) => item.name),
    ).toEqual(['Undocumented', 'withoutExample']);
  });

  it('reports an example that does not type-check, and only that one', async () => {
    const diagnostics = await typeCheckExamples(
      report.exports,
      resolve(packageRoot, '.examples/fixture'),
      { '@arsenal/api-docs-fixture': [resolve(packageRoot, 'fixtures/undocumented/src/index.ts')] },
    );
    expect(diagnostics).toEqual([
      expect.stringMatching(
        /brokenExample-0\.ts:2: Type 'number' is not assignable to type 'string'/,
      ),
    ]);
  });
});
