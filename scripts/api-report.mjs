#!/usr/bin/env node
// The public API of every published package, as committed reports: `<package>/api-report.md`
// lists, for each entry in the package's `exports` map, every exported name with its kind and
// its declaration, read from the built `dist/*.d.ts` (so build first).
//
//   node scripts/api-report.mjs            compare the reports with the builds; exit 1 if stale
//   node scripts/api-report.mjs --update   rewrite the reports (`pnpm api:update`)
//   node scripts/api-report.mjs --filter=@arsenal/core   one package
//
// A change to a report is a change to the API: review it like one.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ts = createRequire(join(root, 'package.json'))('typescript');

export const REPORT_FILE = 'api-report.md';
export const UPDATE_COMMAND = 'pnpm api:update';

/** Published packages: packages/* and apps/* with an `exports` map and not private. */
export function publishedPackages() {
  const found = [];
  for (const group of ['packages', 'apps']) {
    const base = join(root, group);
    if (!existsSync(base)) continue;
    for (const name of readdirSync(base).sort()) {
      const dir = join(base, name);
      const manifestPath = join(dir, 'package.json');
      if (!existsSync(manifestPath)) continue;
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
      if (manifest.private || !manifest.exports) continue;
      found.push({ dir, manifest });
    }
  }
  return found;
}

/** `[subpath, types file]` for every entry with a `types` condition. */
function entriesOf(dir, manifest) {
  const entries = [];
  for (const [subpath, target] of Object.entries(manifest.exports)) {
    const types = typeof target === 'object' && target !== null ? target.types : undefined;
    if (typeof types === 'string') entries.push([subpath, join(dir, types)]);
  }
  return entries;
}

const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });

function kindOf(declaration) {
  if (ts.isClassDeclaration(declaration)) return 'class';
  if (ts.isFunctionDeclaration(declaration)) return 'function';
  if (ts.isInterfaceDeclaration(declaration)) return 'interface';
  if (ts.isTypeAliasDeclaration(declaration)) return 'type';
  if (ts.isEnumDeclaration(declaration)) return 'enum';
  if (ts.isModuleDeclaration(declaration)) return 'namespace';
  if (ts.isVariableDeclaration(declaration)) {
    const list = declaration.parent;
    return list.flags & ts.NodeFlags.Const ? 'const' : 'let';
  }
  return ts.SyntaxKind[declaration.kind];
}

/** A declaration as it reads in the .d.ts, without comments and with `export declare` dropped. */
function declarationText(declaration) {
  const source = declaration.getSourceFile();
  const node = ts.isVariableDeclaration(declaration) ? declaration.parent.parent : declaration;
  return printer
    .printNode(ts.EmitHint.Unspecified, node, source)
    .replace(/^export (declare )?/, '')
    .replace(/^declare /, '')
    .replace(/^default /, '');
}

/** Whether an export reaches its declaration through an `export type` somewhere on the way. */
function isTypeOnlyExport(symbol, checker) {
  let current = symbol;
  for (let depth = 0; depth < 20 && current && current.flags & ts.SymbolFlags.Alias; depth++) {
    for (const declaration of current.declarations ?? []) {
      if (ts.isExportSpecifier(declaration) || ts.isImportSpecifier(declaration)) {
        if (declaration.isTypeOnly || declaration.parent.parent.isTypeOnly) return true;
      }
      if (ts.isImportClause(declaration) && declaration.isTypeOnly) return true;
    }
    current = checker.getImmediateAliasedSymbol(current);
  }
  return false;
}

function hasDocumentation(symbol, declarations, checker) {
  if (symbol.getDocumentationComment(checker).length > 0) return true;
  return declarations.some((declaration) => ts.getJSDocCommentsAndTags(declaration).length > 0);
}

function hasExample(declarations) {
  return declarations.some((declaration) =>
    ts
      .getJSDocCommentsAndTags(declaration)
      .some((doc) => (doc.tags ?? []).some((tag) => tag.tagName.text === 'example')),
  );
}

/** Every export of one entry: `{ name, kind, runtime, documented, example, text }`. */
function exportsOf(program, file) {
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  if (!source) throw new Error(`${relative(root, file)} is missing: build the package first.`);
  const moduleSymbol = checker.getSymbolAtLocation(source);
  if (!moduleSymbol) return [];
  return checker
    .getExportsOfModule(moduleSymbol)
    .map((symbol) => {
      const target =
        symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      const declarations = (target.declarations ?? []).filter(
        (declaration) => !ts.isSourceFile(declaration),
      );
      const typeOnly = isTypeOnlyExport(symbol, checker);
      const runtime = !typeOnly && (target.flags & ts.SymbolFlags.Value) !== 0;
      const kinds = [...new Set(declarations.map(kindOf))];
      const texts = declarations.map(declarationText);
      return {
        name: symbol.name,
        kind: kinds.join(' + ') || 'unresolved',
        runtime,
        documented: hasDocumentation(target, declarations, checker),
        example: hasExample(declarations),
        text: texts.join('\n') || `/* ${symbol.name}: declaration not found */`,
      };
    })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The API of one package: `{ name, entries: [{ specifier, exports }] }`. */
export function packageApi({ dir, manifest }) {
  const entries = entriesOf(dir, manifest);
  const program = ts.createProgram({
    rootNames: entries.map(([, file]) => file),
    options: {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      skipLibCheck: true,
      noEmit: true,
      types: [],
    },
  });
  return {
    name: manifest.name,
    entries: entries.map(([subpath, file]) => ({
      specifier: subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`,
      exports: exportsOf(program, file),
    })),
  };
}

/** The report's Markdown. */
export function renderReport(api) {
  const lines = [
    `# API report: ${api.name}`,
    '',
    `Generated from the built \`dist/*.d.ts\` by \`${UPDATE_COMMAND}\`; do not edit by hand.`,
    'A change here is a change to the public API.',
  ];
  for (const entry of api.entries) {
    const runtime = entry.exports.filter((item) => item.runtime).length;
    lines.push(
      '',
      `## \`${entry.specifier}\``,
      '',
      `${runtime} runtime names, ${entry.exports.length - runtime} types.`,
      '',
    );
    lines.push('| Name | Kind | Runtime | TSDoc |', '| --- | --- | --- | --- |');
    for (const item of entry.exports) {
      const doc = item.documented ? (item.example ? 'yes, @example' : 'yes') : 'no';
      lines.push(`| \`${item.name}\` | ${item.kind} | ${item.runtime ? 'yes' : 'no'} | ${doc} |`);
    }
    lines.push('', '```ts');
    for (const item of entry.exports) lines.push(`// ${item.name} (${item.kind})`, item.text, '');
    if (lines.at(-1) === '') lines.pop();
    lines.push('```');
  }
  return `${lines.join('\n')}\n`;
}

/** Each package's report as it is committed and as the build says it should be. */
export function compareReports(filter) {
  return publishedPackages()
    .filter(({ manifest }) => !filter || manifest.name === filter)
    .map((pkg) => {
      const path = join(pkg.dir, REPORT_FILE);
      const expected = renderReport(packageApi(pkg));
      const committed = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
      return { name: pkg.manifest.name, path, expected, committed };
    });
}

function firstDifference(committed, expected) {
  if (committed === undefined) return 'the report does not exist';
  const a = committed.split('\n');
  const b = expected.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) {
      return `line ${i + 1}: committed ${JSON.stringify(a[i] ?? '')}, build says ${JSON.stringify(b[i] ?? '')}`;
    }
  }
  return 'no difference';
}

/** One message per stale report, naming the command that refreshes it. */
export function staleReports(filter) {
  return compareReports(filter)
    .filter((report) => report.committed !== report.expected)
    .map(
      (report) =>
        `${relative(root, report.path)} is stale (${firstDifference(report.committed, report.expected)}). ` +
        `Run \`${UPDATE_COMMAND}\` after building, review the change and commit it.`,
    );
}

function main() {
  const args = process.argv.slice(2);
  const filter = args.find((arg) => arg.startsWith('--filter='))?.slice('--filter='.length);
  if (args.includes('--update')) {
    for (const report of compareReports(filter)) {
      if (report.committed === report.expected) continue;
      writeFileSync(report.path, report.expected);
      console.log(`wrote ${relative(root, report.path)}`);
    }
    return;
  }
  const stale = staleReports(filter);
  for (const message of stale) console.error(message);
  if (stale.length === 0) console.log('API reports are up to date.');
  process.exitCode = stale.length > 0 ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
