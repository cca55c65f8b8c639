import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// The repository's Markdown, checked: relative links name files that exist, and code blocks
// marked `<!-- runnable -->` (on the line before a ```ts or ```js fence) run without error.

const run = promisify(execFile);
const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../../..');
const scratch = resolve(here, '../.runnable');

/**
 * Folders whose Markdown is not ours to check: installs, builds, third-party data, changesets,
 * and the API reference `pnpm docs` writes (it copies the guides READMEs link to).
 */
const SKIPPED = new Set(['node_modules', 'dist', '.git', '.turbo', '.changeset', 'test-output']);
const SKIPPED_PATHS = new Set([
  join(root, 'bench', 'data'),
  join(root, 'bench', 'results'),
  join(root, 'docs', 'api'),
]);

async function markdownFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED.has(entry.name) && !SKIPPED_PATHS.has(path)) {
        found.push(...(await markdownFiles(path)));
      }
    } else if (entry.isFile() && entry.name.endsWith('.md')) {
      found.push(path);
    }
  }
  return found;
}

interface Block {
  language: string;
  code: string;
  runnable: boolean;
  line: number;
}

/** The text outside fenced code blocks, and the blocks. */
function split(text: string): { prose: string; blocks: Block[] } {
  const lines = text.split('\n');
  const prose: string[] = [];
  const blocks: Block[] = [];
  let open: Block | undefined;
  let fence = '';
  for (const [index, line] of lines.entries()) {
    const marker = /^\s*(`{3,}|~{3,})\s*([\w-]*)/.exec(line);
    if (!open && marker) {
      fence = marker[1] as string;
      const previous = lines
        .slice(0, index)
        .reverse()
        .find((candidate) => candidate.trim() !== '');
      open = {
        language: marker[2] ?? '',
        code: '',
        runnable: previous?.trim() === '<!-- runnable -->',
        line: index + 1,
      };
      prose.push('');
    } else if (open && line.trim().startsWith(fence) && line.trim().replace(/[`~]/g, '') === '') {
      blocks.push(open);
      open = undefined;
      prose.push('');
    } else if (open) {
      open.code += `${line}\n`;
      prose.push('');
    } else {
      prose.push(line.replace(/`[^`]*`/g, ''));
    }
  }
  return { prose: prose.join('\n'), blocks };
}

/** Relative link targets in prose, with their line numbers. */
function relativeLinks(prose: string): { target: string; line: number }[] {
  const links: { target: string; line: number }[] = [];
  for (const [index, line] of prose.split('\n').entries()) {
    for (const match of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const target = match[1] as string;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue;
      links.push({ target, line: index + 1 });
    }
  }
  return links;
}

const files = await markdownFiles(root);

describe('Markdown links', () => {
  it('finds the Markdown to check', () => {
    expect(files.map((file) => relative(root, file))).toEqual(
      expect.arrayContaining(['README.md', 'docs/benchmarks.md', 'packages/core/README.md']),
    );
  });

  it('checks the README of every package', async () => {
    const packages: string[] = [];
    for (const group of ['packages', 'apps']) {
      for (const entry of await readdir(join(root, group), { withFileTypes: true })) {
        if (entry.isDirectory() && existsSync(join(root, group, entry.name, 'package.json'))) {
          packages.push(`${group}/${entry.name}`);
        }
      }
    }
    const checked = new Set(files.map((file) => relative(root, file)));
    expect(packages.length).toBeGreaterThan(30);
    expect(packages.filter((dir) => !checked.has(`${dir}/README.md`))).toEqual([]);
  });

  it.each(files.map((file) => [relative(root, file), file]))(
    '%s links only to files that exist',
    async (_name, file) => {
      const { prose } = split(await readFile(file, 'utf8'));
      const missing = relativeLinks(prose)
        .filter(({ target }) => {
          const path = decodeURIComponent(target.replace(/[#?].*$/, ''));
          return path !== '' && !existsSync(resolve(dirname(file), path));
        })
        .map(({ target, line }) => `line ${line}: ${target}`);
      expect(missing).toEqual([]);
    },
  );

  it('sees a missing file as missing', () => {
    const { prose } = split(
      'See [the guide](docs/nope.md) and [a site](https://example.com).\n```\n[x](ignored.md)\n```\n',
    );
    expect(relativeLinks(prose).map((link) => link.target)).toEqual(['docs/nope.md']);
  });
});

const runnable = await Promise.all(
  files.map(async (file) => {
    const { blocks } = split(await readFile(file, 'utf8'));
    return blocks
      .filter((block) => block.runnable)
      .map((block) => ({ file: relative(root, file), block }));
  }),
);
const cases = runnable.flat();

describe('runnable code blocks', () => {
  afterAll(() => rm(scratch, { recursive: true, force: true }));

  it('finds the blocks marked runnable', () => {
    expect(cases.map((entry) => entry.file)).toContain('README.md');
  });

  it.each(cases.map((entry) => [`${entry.file}:${entry.block.line}`, entry.block]))(
    '%s runs',
    async (name, block) => {
      expect(['ts', 'typescript', 'js', 'javascript']).toContain(block.language);
      await mkdir(scratch, { recursive: true });
      const path = join(scratch, `${name.replace(/[^\w]+/g, '-')}.mts`);
      await writeFile(path, block.code);
      const tsx = join(root, 'tests/docs/node_modules/tsx/dist/cli.mjs');
      await expect(
        run('node', [tsx, path], { cwd: resolve(here, '..'), timeout: 240_000 }),
      ).resolves.toBeDefined();
    },
  );
});
