import { ConfigurationError } from '@arsenal/core';

const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;

export interface VariableSources {
  /** Variables given in config; keys may be namespaced (`<manual>_NAME`) or bare (`NAME`). */
  variables?: Readonly<Record<string, string>>;
  /** The environment. Read only under namespaced keys unless a bare name is in `allowEnv`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Bare environment variables a manual may read (e.g. `GITHUB_TOKEN`). Default none. */
  allowEnv?: readonly string[];
}

/** UTCP's namespace of a manual's variables: `my_manual` → `my__manual`. */
export function variableNamespace(manual: string): string {
  return manual.replace(/_/g, '__');
}

/**
 * Replaces `${NAME}` and `$NAME` in every string of a call template. A name is looked up as
 * `<namespace>_NAME` then `NAME` in config, then `<namespace>_NAME` in the environment, and only
 * then, if allowed, `NAME` in the environment: a manual cannot read an arbitrary environment
 * variable (a key, a token) and send it to its own server.
 */
export function substituteVariables<T>(value: T, manual: string, sources: VariableSources): T {
  const namespace = variableNamespace(manual);
  const lookup = (name: string): string => {
    const scoped = `${namespace}_${name}`;
    const found =
      sources.variables?.[scoped] ??
      sources.variables?.[name] ??
      sources.env?.[scoped] ??
      (name.startsWith(`${namespace}_`) ? sources.env?.[name] : undefined) ??
      (sources.allowEnv?.includes(name) ? sources.env?.[name] : undefined);
    if (found === undefined) {
      throw new ConfigurationError(
        `UTCP manual "${manual}": variable "${name}" is not set; set "${scoped}" (or "${name}") in its variables, or "${scoped}" in the environment${
          sources.env?.[name] !== undefined
            ? `, or list "${name}" in allowEnv to let this manual read it`
            : ''
        }.`,
      );
    }
    return found;
  };
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') {
      return item.replace(REFERENCE, (_, braced: string | undefined, bare: string | undefined) =>
        lookup((braced ?? bare) as string),
      );
    }
    if (Array.isArray(item)) return item.map(walk);
    if (typeof item === 'object' && item !== null) {
      return Object.fromEntries(Object.entries(item).map(([key, entry]) => [key, walk(entry)]));
    }
    return item;
  };
  return walk(value) as T;
}
