#!/usr/bin/env node
// Import cycles, measured two ways:
//
// - between source files, in every workspace package (packages/*, apps/*, bench, examples/*);
// - between the top-level folders of @arsenal/core (packages/core/src/<folder>), so the folders
//   load in one order, lowest layer first.
//
// Only runtime imports count: `import type`, `export type`, `import('./x.js').T` in a type and
// imports whose names are all marked `type` are erased by the compiler, so they order nothing.
//
//   node scripts/import-cycles.mjs          prints both results; exits 1 when there is a cycle
//   node scripts/import-cycles.mjs --json   the same as JSON, for tests
//
// Imports are read with the TypeScript parser, so comments and strings never count as imports.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ts = createRequire(join(root, 'package.json'))('typescript');

const SKIPPED = new Set(['node_modules', 'dist', 'coverage', '.turbo', 'data', 'results']);

/** Workspace package folders whose TypeScript sources are checked. */
export function packageDirs() {
  const dirs = [];
  for (const group of ['packages', 'apps', 'examples']) {
    const base = join(root, group);
    if (!existsSync(base)) continue;
    for (const name of readdirSync(base).sort()) dirs.push(join(base, name));
  }
  dirs.push(join(root, 'bench'));
  return dirs.filter((dir) => existsSync(join(dir, 'package.json')));
}

function sourceFiles(dir) {
  const files = [];
  const walk = (current) => {
    for (const name of readdirSync(current).sort()) {
      if (SKIPPED.has(name) || name.startsWith('.')) continue;
      const path = join(current, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(ts|tsx|mts|cts)$/.test(name) && !name.endsWith('.d.ts')) files.push(path);
    }
  };
  walk(dir);
  return files;
}

/** Whether an import or export declaration is erased by the compiler. */
function isTypeOnly(node) {
  if (ts.isImportDeclaration(node)) {
    const clause = node.importClause;
    if (!clause) return false; // `import './x.js'` runs the module
    if (clause.isTypeOnly) return true;
    if (clause.name) return false;
    const bindings = clause.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) return false;
    return bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly);
  }
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  if (!clause || !ts.isNamedExports(clause)) return false;
  return clause.elements.length > 0 && clause.elements.every((element) => element.isTypeOnly);
}

/** The relative imports of one file: `{ specifier, typeOnly }`, dynamic `import()` included. */
export function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const found = [];
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: isTypeOnly(node) });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, typeOnly: false });
    } else if (ts.isImportTypeNode(node)) {
      const argument = node.argument;
      if (ts.isLiteralTypeNode(argument) && ts.isStringLiteral(argument.literal)) {
        found.push({ specifier: argument.literal.text, typeOnly: true });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.filter((entry) => entry.specifier.startsWith('.'));
}

/** The file an import names: `./x.js` is `./x.ts` in the sources. */
function resolveImport(from, specifier, known) {
  const base = resolve(dirname(from), specifier);
  const candidates = [
    base,
    base.replace(/\.(m|c)?js$/, '.ts'),
    base.replace(/\.jsx$/, '.tsx'),
    base.replace(/\.mjs$/, '.mts'),
    `${base}.ts`,
    join(base, 'index.ts'),
  ];
  return candidates.find((candidate) => known.has(candidate));
}

/** Every elementary cycle's nodes would be too many to print; one cycle per strongly connected set is enough to act on. */
function stronglyConnected(graph) {
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const connect = (node) => {
    indices.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), indices.get(next)));
      }
    }
    if (low.get(node) === indices.get(node)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      const selfLoop = (graph.get(node) ?? new Set()).has(node);
      if (group.length > 1 || selfLoop) groups.push(group.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!indices.has(node)) connect(node);
  return groups;
}

/** One shortest cycle through `start`, inside its strongly connected set. */
function cycleThrough(graph, start, members) {
  const previous = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [node];
        for (let at = previous.get(node); at !== undefined; at = previous.get(at)) path.push(at);
        return [...path.reverse(), start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

function cyclesOf(graph) {
  return stronglyConnected(graph).map((group) => {
    const members = new Set(group);
    return { members: group, example: cycleThrough(graph, group[0], members) };
  });
}

/** File-level runtime cycles of one package. */
export function fileCycles(dir) {
  const files = sourceFiles(dir);
  const known = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const targets = new Set();
    for (const { specifier, typeOnly } of importsOf(file)) {
      if (typeOnly) continue;
      const target = resolveImport(file, specifier, known);
      if (target) targets.add(relative(dir, target));
    }
    graph.set(relative(dir, file), targets);
  }
  return { files: files.length, cycles: cyclesOf(graph) };
}

/** Runtime imports between the top-level folders of core's src, with the files behind each edge. */
export function coreFolderGraph() {
  const src = join(root, 'packages', 'core', 'src');
  // Tests and their support files are not loaded by users; the entries (src/*.ts) sit above
  // every folder.
  const files = sourceFiles(src).filter(
    (file) => !/\.test\.ts$/.test(file) && !/test-support\.ts$/.test(file) && dirname(file) !== src,
  );
  const known = new Set(files);
  const folderOf = (file) => relative(src, file).split('/')[0].replace(/\.ts$/, '');
  const graph = new Map();
  const because = new Map();
  for (const file of files) {
    const from = folderOf(file);
    if (!graph.has(from)) graph.set(from, new Set());
    for (const { specifier, typeOnly } of importsOf(file)) {
      if (typeOnly) continue;
      const target = resolveImport(file, specifier, known);
      if (!target) continue;
      const to = folderOf(target);
      if (to === from) continue;
      graph.get(from).add(to);
      const key = `${from} -> ${to}`;
      if (!because.has(key)) because.set(key, []);
      because.get(key).push(`${relative(src, file)} -> ${relative(src, target)}`);
    }
  }
  return { graph, because };
}

export function coreFolderCycles() {
  const { graph, because } = coreFolderGraph();
  const cycles = cyclesOf(graph).map((cycle) => {
    const edges = [];
    for (let i = 0; i + 1 < cycle.example.length; i += 1) {
      const key = `${cycle.example[i]} -> ${cycle.example[i + 1]}`;
      edges.push({ edge: key, files: because.get(key) ?? [] });
    }
    return { ...cycle, edges };
  });
  const order = [];
  if (cycles.length === 0) {
    // Lowest layer first: a folder comes after everything it imports.
    const placed = new Set();
    const place = (folder) => {
      if (placed.has(folder)) return;
      placed.add(folder);
      for (const next of [...(graph.get(folder) ?? [])].sort()) place(next);
      order.push(folder);
    };
    for (const folder of [...graph.keys()].sort()) place(folder);
  }
  return { folders: graph.size, cycles, order, graph };
}

export function checkAll() {
  const packages = packageDirs().map((dir) => ({
    name: relative(root, dir),
    ...fileCycles(dir),
  }));
  return { packages, core: coreFolderCycles() };
}

function main() {
  const result = checkAll();
  if (process.argv.includes('--json')) {
    const { graph: _graph, ...core } = result.core;
    console.log(JSON.stringify({ packages: result.packages, core }, null, 2));
  } else {
    const files = result.packages.reduce((sum, entry) => sum + entry.files, 0);
    const withCycles = result.packages.filter((entry) => entry.cycles.length > 0);
    console.log(
      `File imports: ${result.packages.length} packages, ${files} files, ` +
        `${withCycles.reduce((sum, entry) => sum + entry.cycles.length, 0)} cycles.`,
    );
    for (const entry of withCycles) {
      for (const cycle of entry.cycles)
        console.log(`  ${entry.name}: ${cycle.example.join(' -> ')}`);
    }
    const core = result.core;
    console.log(
      `Runtime imports between @arsenal/core's folders: ${core.folders} folders, ${core.cycles.length} cycles.`,
    );
    for (const cycle of core.cycles) {
      console.log(`  ${cycle.members.join(', ')}: ${cycle.example.join(' -> ')}`);
      for (const { edge, files: behind } of cycle.edges) {
        console.log(
          `    ${edge}: ${behind.slice(0, 3).join('; ')}${behind.length > 3 ? ` (+${behind.length - 3})` : ''}`,
        );
      }
    }
    if (core.cycles.length === 0) console.log(`  Layers, lowest first: ${core.order.join(', ')}`);
  }
  const failed =
    result.packages.some((entry) => entry.cycles.length > 0) || result.core.cycles.length > 0;
  process.exitCode = failed ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
