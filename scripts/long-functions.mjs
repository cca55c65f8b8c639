#!/usr/bin/env node
// Long functions in the sources of packages/* and apps/* (src folders, test files left out).
//
// A function past ~80 lines usually hides a concept worth naming. This lists them so they can be
// split, and tests/structure (long-functions.test.ts) holds the sources to a ceiling.
//
//   node scripts/long-functions.mjs              functions over 100 lines, longest first
//   node scripts/long-functions.mjs --min 80     over 80 lines
//   node scripts/long-functions.mjs --json       the same as JSON, for tests
//
// Every function counts: declarations, methods, constructors, accessors, function expressions
// and arrow functions. A function's lines run from its first token (after its doc comment) to
// its last, so a nested function's lines count in its own entry and in its parent's. Names are
// qualified by what encloses them (`ToolRetriever.retrieve`, `createEngine > run`); a callback
// is named after the call it is passed to (`describe('store') callback`).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ts = createRequire(join(root, 'package.json'))('typescript');

const SKIPPED = new Set(['node_modules', 'dist', 'coverage', '.turbo']);

/**
 * Whether a file holds tests or test-only support (`*-test-support.ts`, or anything in a
 * `test-support/` folder), which the listing leaves out.
 */
function isTestFile(name) {
  return /\.test\.tsx?$/.test(name) || /test-support\.tsx?$/.test(name);
}

/** The non-test TypeScript sources under packages/<name>/src and apps/<name>/src. */
export function sourceFiles() {
  const files = [];
  const walk = (current) => {
    for (const name of readdirSync(current).sort()) {
      if (SKIPPED.has(name) || name.startsWith('.') || name === 'test-support') continue;
      const path = join(current, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(ts|tsx|mts|cts)$/.test(name) && !name.endsWith('.d.ts') && !isTestFile(name)) {
        files.push(path);
      }
    }
  };
  for (const group of ['packages', 'apps']) {
    const base = join(root, group);
    if (!existsSync(base)) continue;
    for (const name of readdirSync(base).sort()) {
      const src = join(base, name, 'src');
      if (existsSync(src)) walk(src);
    }
  }
  return files;
}

/** The text a property or binding name reads as, or undefined for a computed one. */
function nameText(name) {
  if (!name) return undefined;
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name)) return name.text;
  if (ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  return undefined;
}

/** What a callback passed to `call` is called: `describe('store') callback`. */
function callbackName(call, source) {
  const callee = call.expression.getText(source).replace(/\s+/g, '');
  const first = call.arguments[0];
  const label = first && ts.isStringLiteralLike(first) ? `('${first.text}')` : '';
  return `${callee}${label} callback`;
}

/**
 * The name of a function node, from the function itself or from where it is written: a
 * variable, a property, an assignment, a call argument, a default export.
 */
function functionName(node, source) {
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const own = nameText(node.name);
  if (own) {
    if (ts.isGetAccessorDeclaration(node)) return `get ${own}`;
    if (ts.isSetAccessorDeclaration(node)) return `set ${own}`;
    return own;
  }
  let at = node;
  // Look through `(...)`, `x as T`, `x satisfies T` and `fn!` to the place the function sits.
  while (
    at.parent &&
    (ts.isParenthesizedExpression(at.parent) ||
      ts.isAsExpression(at.parent) ||
      ts.isSatisfiesExpression(at.parent) ||
      ts.isNonNullExpression(at.parent))
  ) {
    at = at.parent;
  }
  const parent = at.parent;
  if (!parent) return '<anonymous>';
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) {
    return nameText(parent.name) ?? '<anonymous>';
  }
  if (ts.isPropertyDeclaration(parent)) return nameText(parent.name) ?? '<anonymous>';
  if (ts.isBinaryExpression(parent) && parent.right === at) {
    return parent.left.getText(source).replace(/\s+/g, '');
  }
  if (ts.isCallExpression(parent) || ts.isNewExpression(parent)) {
    return ts.isCallExpression(parent) ? callbackName(parent, source) : 'constructor callback';
  }
  if (ts.isExportAssignment(parent)) return 'default';
  return '<anonymous>';
}

function isFunctionLike(node) {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node)
  );
}

/** Every function with a body in one file: `{ name, line, lines }`. */
export function functionsOf(file) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found = [];
  // `scope` is what encloses a node: `{ kind: 'class' | 'function', name }`, outermost first.
  const visit = (node, scope) => {
    let inner = scope;
    if (ts.isClassLike(node)) {
      inner = [...scope, { kind: 'class', name: nameText(node.name) ?? '<class>' }];
    } else if (isFunctionLike(node) && node.body) {
      const name = functionName(node, source);
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const path = scope.map((entry) => entry.name).join(' > ');
      const separator = scope.at(-1)?.kind === 'class' ? '.' : ' > ';
      const qualified = path ? `${path}${separator}${name}` : name;
      found.push({ name: qualified, line: start + 1, lines: end - start + 1 });
      inner = [...scope, { kind: 'function', name }];
    }
    ts.forEachChild(node, (child) => visit(child, inner));
  };
  visit(source, []);
  return found;
}

/** Functions over `min` lines in every source file, longest first. */
export function longFunctions(min = 100) {
  const found = [];
  for (const file of sourceFiles()) {
    for (const entry of functionsOf(file)) {
      if (entry.lines > min) found.push({ file: relative(root, file), ...entry });
    }
  }
  return found.sort(
    (a, b) =>
      b.lines - a.lines ||
      a.file.localeCompare(b.file) ||
      a.line - b.line ||
      a.name.localeCompare(b.name),
  );
}

function main() {
  const args = process.argv.slice(2);
  const minAt = args.indexOf('--min');
  const min = minAt >= 0 ? Number(args[minAt + 1]) : 100;
  if (!Number.isInteger(min) || min < 0) {
    console.error('--min takes a whole number of lines, e.g. --min 80');
    process.exitCode = 2;
    return;
  }
  const found = longFunctions(min);
  if (args.includes('--json')) {
    console.log(JSON.stringify(found, null, 2));
    return;
  }
  console.log(`${found.length} functions over ${min} lines in packages/*/src and apps/*/src:`);
  for (const entry of found) {
    console.log(`${String(entry.lines).padStart(5)}  ${entry.name}  ${entry.file}:${entry.line}`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
