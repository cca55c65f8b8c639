// Fails when @arsenal/core gains a runtime dependency or imports a package / node: module.
// Core must run unchanged in Node, Bun, Deno and browsers.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const problems = [];
for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
  const names = Object.keys(pkg[field] ?? {});
  if (names.length > 0) problems.push(`package.json "${field}" lists ${names.join(', ')}`);
}
const importPattern =
  /(?:^|[^\w.])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/g;
// Tests and their support files (left out of the build) may import vitest and test helpers.
const isTestOnly = (path) => path.endsWith('.test.ts') || path.endsWith('-test-support.ts');
function walk(dir) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) walk(path);
    else if (path.endsWith('.ts') && !isTestOnly(path)) checkFile(path);
  }
}
function checkFile(path) {
  const text = readFileSync(path, 'utf8');
  for (const match of text.matchAll(importPattern)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    if (specifier && !specifier.startsWith('.')) {
      problems.push(`${relative(root, path)} imports "${specifier}"`);
    }
  }
}
walk(join(root, 'src'));
if (problems.length > 0) {
  console.error('@arsenal/core must stay dependency-free and web-standard:');
  for (const problem of problems) console.error(`  - ${problem}`);
  console.error('Move the code that needs a package or a node: module into an adapter package.');
  process.exit(1);
}
console.log('@arsenal/core is dependency-free.');
