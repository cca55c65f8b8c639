import { readFile } from 'node:fs/promises';
import { basename, dirname, isAbsolute, resolve } from 'node:path';
import { type Document, isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from 'yaml';
import type { z } from 'zod';
import { ConfigFileError, type ConfigIssue, redactText } from './config-error.js';
import { keySuggestion } from './config-keys.js';
import { type MissingVariable, parseDotEnv, substituteVariables } from './env-substitution.js';
import { type ArsenalConfig, arsenalConfigSchema } from './schema.js';

/**
 * Where `loadConfig` takes the values of `${VAR}` from.
 *
 * @example
 * ```ts
 * import { type LoadConfigOptions, loadConfig } from '@arsenal/config';
 *
 * const options: LoadConfigOptions = {
 *   env: { ...process.env, QDRANT_URL: 'http://localhost:6333' },
 *   envFile: false, // do not read .env beside the file
 * };
 * const config = await loadConfig('arsenal.yaml', options);
 * ```
 */
export interface LoadConfigOptions {
  /** Variables for `${VAR}`. Default `process.env`. They win over the `.env` file. */
  env?: Readonly<Record<string, string | undefined>>;
  /** `.env` file to read; default `.env` beside the config file when it exists; false: none. */
  envFile?: string | false;
}

/**
 * How `parseConfig` names the text in errors, resolves paths and substitutes `${VAR}`.
 *
 * @example
 * ```ts
 * import { type ParseConfigOptions, parseConfig } from '@arsenal/config';
 *
 * const options: ParseConfigOptions = {
 *   source: 'tenant-a.yaml',
 *   baseDir: '/etc/arsenal',
 *   env: { PORT: '8080' },
 * };
 * const config = parseConfig('serve:\n  transport: http\n  port: ${PORT}\n', options);
 * config.serve?.port; // 8080, a number: a whole ${VAR} takes the type it expands to
 * ```
 */
export interface ParseConfigOptions {
  /** Name used in errors. Default `arsenal.yaml`. */
  source?: string;
  /** Folder relative paths are resolved against. Default the current directory. */
  baseDir?: string;
  env?: Readonly<Record<string, string | undefined>>;
}

/**
 * Read, substitute and validate an `arsenal.yaml`. Throws ConfigFileError naming line and key.
 *
 * @example
 * ```ts
 * import { loadConfig } from '@arsenal/config';
 *
 * // Reads .env beside the file; process.env wins over it.
 * const config = await loadConfig('arsenal.yaml');
 * console.log(config.baseDir, Object.keys(config.mcpServers ?? {}));
 * ```
 */
export async function loadConfig(
  path: string,
  options: LoadConfigOptions = {},
): Promise<ArsenalConfig> {
  const absolute = resolve(path);
  let text: string;
  try {
    text = await readFile(absolute, 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new ConfigFileError(
      path,
      [
        {
          path: '',
          message:
            code === 'ENOENT'
              ? 'file not found; check the path, or pass --config with the right one'
              : `cannot be read (${code ?? (error as Error).message})`,
        },
      ],
      { cause: error },
    );
  }
  const baseDir = dirname(absolute);
  const fromFile = await readEnvFile(options.envFile, baseDir);
  const env = { ...fromFile, ...(options.env ?? process.env) };
  return { ...parseConfig(text, { source: path, baseDir, env }), source: absolute };
}

async function readEnvFile(
  envFile: string | false | undefined,
  baseDir: string,
): Promise<Record<string, string>> {
  if (envFile === false) return {};
  const path = envFile === undefined ? resolve(baseDir, '.env') : resolve(envFile);
  try {
    return parseDotEnv(await readFile(path, 'utf8'));
  } catch (error) {
    if (envFile === undefined && (error as { code?: string }).code === 'ENOENT') return {};
    throw new ConfigFileError(basename(path), [
      { path: '', message: `the env file cannot be read (${(error as Error).message})` },
    ]);
  }
}

/**
 * Validate config text (YAML or JSON). Throws ConfigFileError naming line and key.
 *
 * @example
 * ```ts
 * import { parseConfig } from '@arsenal/config';
 *
 * const config = parseConfig(`
 * mcpServers:
 *   everything:
 *     command: npx
 *     args: ['-y', '@modelcontextprotocol/server-everything']
 * serve:
 *   mode: dynamic
 * `);
 * config.serve?.mode; // 'dynamic'
 * // parseConfig('serve:\n  mode: fast\n') throws a ConfigFileError naming line 2 and serve.mode.
 * ```
 */
export function parseConfig(text: string, options: ParseConfigOptions = {}): ArsenalConfig {
  const source = options.source ?? 'arsenal.yaml';
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter });
  if (document.errors.length > 0) {
    throw new ConfigFileError(
      source,
      document.errors.map((error) => ({
        path: '',
        line: error.linePos?.[0]?.line,
        // The line is reported on its own; the parser's position and excerpt add nothing.
        message: `not valid YAML: ${(error.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?\s*$/, '')}`,
      })),
    );
  }
  const raw = document.toJS() ?? {};
  const missing: MissingVariable[] = [];
  const secrets = new Set<string>();
  const substituted = substituteVariables(raw, options.env ?? process.env, missing, secrets);
  if (missing.length > 0) {
    throw new ConfigFileError(
      source,
      missing.map((variable) => ({
        path: variable.path.join('.'),
        line: lineOf(document, lineCounter, variable.path),
        message: `environment variable ${variable.name} is not set; set it, add it to .env, or write \${${variable.name}:-default}`,
      })),
    );
  }
  const parsed = arsenalConfigSchema.safeParse(substituted);
  if (!parsed.success) {
    const issues = parsed.error.issues.flatMap((issue) =>
      toConfigIssues(issue, document, lineCounter, secrets),
    );
    throw new ConfigFileError(source, issues);
  }
  const baseDir = options.baseDir ?? process.cwd();
  return resolvePaths({ ...parsed.data, baseDir });
}

function toConfigIssues(
  issue: z.core.$ZodIssue,
  document: Document,
  lineCounter: LineCounter,
  secrets: ReadonlySet<string>,
): ConfigIssue[] {
  const path = issue.path.filter((key): key is string | number => typeof key !== 'symbol');
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    // Report the alternative that came closest: one the value is at least the kind of (an object
    // for an object schema), then the one with the fewest problems.
    const otherKind = (issues: readonly z.core.$ZodIssue[]) =>
      issues.every((inner) => inner.code === 'invalid_type' && inner.path.length === 0) ? 1 : 0;
    const closest =
      [...issue.errors].sort((a, b) => otherKind(a) - otherKind(b) || a.length - b.length)[0] ?? [];
    return closest.flatMap((inner) =>
      toConfigIssues({ ...inner, path: [...path, ...inner.path] }, document, lineCounter, secrets),
    );
  }
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({
      path: [...path, key].join('.'),
      line: lineOf(document, lineCounter, [...path, key], true),
      message: `unknown key "${key}"; ${keySuggestion(arsenalConfigSchema, path, key)}check its spelling and indentation`,
    }));
  }
  return [
    {
      path: path.join('.'),
      line: lineOf(document, lineCounter, path),
      message: redactText(issue.message, secrets),
    },
  ];
}

/** The line of the deepest node on `path` that exists (the key itself with `atKey`). */
function lineOf(
  document: Document,
  lineCounter: LineCounter,
  path: readonly (string | number)[],
  atKey = false,
): number | undefined {
  let node: unknown = document.contents;
  let best: Node | undefined = node as Node | undefined;
  for (const key of path) {
    if (isMap(node)) {
      const pair = node.items.find(
        (item) => isScalar(item.key) && String(item.key.value) === String(key),
      );
      if (!pair) break;
      best = (atKey ? pair.key : (pair.value ?? pair.key)) as Node;
      node = pair.value;
    } else if (isSeq(node)) {
      const item = node.items[Number(key)];
      if (item === undefined) break;
      best = item as Node;
      node = item;
    } else break;
  }
  const offset = best?.range?.[0];
  return offset === undefined ? undefined : lineCounter.linePos(offset).line;
}

function resolvePaths(config: ArsenalConfig): ArsenalConfig {
  const catalogs = config.tools?.catalogs?.map((entry) =>
    typeof entry === 'string'
      ? absoluteFrom(config.baseDir, entry)
      : { ...entry, path: absoluteFrom(config.baseDir, entry.path) },
  );
  return catalogs && config.tools ? { ...config, tools: { ...config.tools, catalogs } } : config;
}

function absoluteFrom(baseDir: string, path: string): string {
  return isAbsolute(path) ? path : resolve(baseDir, path);
}
