import { ConfigurationError } from '@arsenal/core';

/**
 * One problem in a config file, located by key path and (when known) line.
 *
 * @example
 * ```ts
 * import { ConfigFileError, type ConfigIssue, parseConfig } from '@arsenal/config';
 *
 * try {
 *   parseConfig('serve:\n  prot: 3333\n');
 * } catch (error) {
 *   if (!ConfigFileError.isInstance(error)) throw error;
 *   const issues: readonly ConfigIssue[] = error.issues;
 *   for (const issue of issues) console.error(`line ${issue.line}: ${issue.path}: ${issue.message}`);
 *   // line 2: serve.prot: unknown key "prot"; did you mean "port"? ...
 * }
 * ```
 */
export interface ConfigIssue {
  /** Dotted key path: `serve.auth.tokens.0.token`; `""` for the whole file. */
  path: string;
  /** 1-based line in the file. */
  line?: number;
  message: string;
}

/**
 * A config file that cannot be used; the message lists every issue with its line and key.
 *
 * @example
 * ```ts
 * import { ConfigFileError, loadConfig } from '@arsenal/config';
 *
 * try {
 *   await loadConfig('arsenal.yaml');
 * } catch (error) {
 *   if (!ConfigFileError.isInstance(error)) throw error;
 *   console.error(error.message); // "arsenal.yaml is invalid:\n  - line 12, serve.prot: ..."
 *   process.exitCode = 2;
 * }
 * ```
 */
export class ConfigFileError extends ConfigurationError {
  static override readonly marker: symbol = Symbol.for('arsenal.error.config.ConfigFileError');
  readonly source: string;
  readonly issues: readonly ConfigIssue[];
  constructor(source: string, issues: readonly ConfigIssue[], options?: { cause?: unknown }) {
    const lines = issues.map(
      (issue) =>
        `  - ${issue.line === undefined ? '' : `line ${issue.line}, `}${issue.path || '(root)'}: ${issue.message}`,
    );
    super(`${source} is invalid:\n${lines.join('\n')}`, options);
    this.source = source;
    this.issues = issues;
  }
}

/**
 * What a secret is replaced with in messages and printed configs.
 *
 * @example
 * ```ts
 * import { REDACTED, redactText } from '@arsenal/config';
 *
 * redactText('token sk-123 was refused', ['sk-123']) === `token ${REDACTED} was refused`; // true
 * ```
 */
export const REDACTED = '***';

/**
 * Replace every secret value in `text` with `***`, longest first.
 *
 * @example
 * ```ts
 * import { redactText } from '@arsenal/config';
 *
 * const secrets = [process.env.GITHUB_TOKEN ?? 'ghp_example'];
 * console.error(redactText(`GET https://api.github.com failed with ${secrets[0]}`, secrets));
 * // GET https://api.github.com failed with ***
 * ```
 */
export function redactText(text: string, secrets: Iterable<string>): string {
  let result = text;
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    if (secret.length > 0) result = result.split(secret).join(REDACTED);
  }
  return result;
}

const SECRET_KEY = /token|secret|password|passwd|api[-_]?key|authorization|credential|cookie/i;

/**
 * A copy of a config safe to print: values under secret-looking keys (`token`, `apiKey`,
 * `Authorization`...) and every value of `env` and `headers` maps are replaced with `***`.
 *
 * @example
 * ```ts
 * import { parseConfig, redactConfig } from '@arsenal/config';
 *
 * const config = parseConfig(`
 * mcpServers:
 *   github:
 *     url: https://api.githubcopilot.com/mcp/
 *     headers: { Authorization: 'Bearer ghp_example' }
 * `);
 * console.log(JSON.stringify(redactConfig(config).mcpServers));
 * // {"github":{"url":"https://api.githubcopilot.com/mcp/","headers":{"Authorization":"***"}}}
 * ```
 */
export function redactConfig<T>(config: T): T {
  return redactValue(config, false) as T;
}

function redactValue(value: unknown, hidden: boolean): unknown {
  if (Array.isArray(value)) return value.map((item) => redactValue(item, hidden));
  if (typeof value === 'object' && value !== null) {
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const leaf =
        typeof item !== 'object' ||
        item === null ||
        (Array.isArray(item) && item.every((entry) => typeof entry !== 'object'));
      const hide = hidden || key === 'env' || key === 'headers' || (leaf && SECRET_KEY.test(key));
      result[key] = redactValue(item, hide);
    }
    return result;
  }
  return hidden && value !== undefined && value !== null ? REDACTED : value;
}
