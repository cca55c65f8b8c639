import { ConfigurationError } from '@arsenal/core';

/** One problem in a config file, located by key path and (when known) line. */
export interface ConfigIssue {
  /** Dotted key path: `serve.auth.tokens.0.token`; `""` for the whole file. */
  path: string;
  /** 1-based line in the file. */
  line?: number;
  message: string;
}

/** A config file that cannot be used; the message lists every issue with its line and key. */
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

export const REDACTED = '***';

/** Replace every secret value in `text` with `***`, longest first. */
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
