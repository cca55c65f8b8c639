// What a tool's name and namespace may be, and how to say what is wrong with one.

/** What a tool name must match: snake_case starting with a letter (what models expect). */
export const TOOL_NAME_PATTERN = /^[a-z][a-z0-9_]*$/;
/** What a namespace must match: lowercase letters, digits, `_`, `.` and `-`. */
export const NAMESPACE_PATTERN = /^[a-z0-9][a-z0-9_.-]*$/;
/** Names no tool may take: the verbs of Arsenal's own surfaces. */
export const RESERVED_TOOL_NAMES: ReadonlySet<string> = new Set([
  'register',
  'retrieve',
  'execute',
  'list',
  'delete',
]);

/** Check a tool name and say what is wrong with it, or return undefined when it is valid. */
export function checkToolName(name: unknown): string | undefined {
  if (typeof name !== 'string' || name.length === 0) return 'name is required (a non-empty string)';
  if (name.length > 128) return `name is ${name.length} characters long; the limit is 128`;
  if (!TOOL_NAME_PATTERN.test(name)) {
    const suggestion = toToolName(name);
    return `name "${name}" must match ^[a-z][a-z0-9_]*$ (snake_case starting with a letter)${
      suggestion ? `; try "${suggestion}"` : ''
    }`;
  }
  if (RESERVED_TOOL_NAMES.has(name)) {
    return `name "${name}" is reserved (${[...RESERVED_TOOL_NAMES].join(', ')}); choose a more specific name such as "${name}_item"`;
  }
  return undefined;
}

/** Best-effort snake_case version of any identifier: `getPM2.5Level` → `get_pm2_5_level`. */
export function toToolName(raw: string): string {
  const snake = raw
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase();
  const prefixed = /^[a-z]/.test(snake) ? snake : snake ? `t_${snake}` : '';
  return prefixed.slice(0, 128);
}

/**
 * `namespace.name:version`, the name a registered tool is keyed by. Joined rather than
 * concatenated: a concatenation is kept as a tree of its pieces until something compares it
 * whole, about 60 bytes more per registered tool than the one flat text a join makes.
 */
export function formatQualifiedName(namespace: string, name: string, version: string): string {
  return [namespace, '.', name, ':', version].join('');
}

/** Parse `namespace.name:version`, `namespace.name`, `name:version` or `name`. */
export function parseQualifiedName(reference: string): {
  namespace?: string;
  name: string;
  version?: string;
} {
  let rest = reference;
  let version: string | undefined;
  const colon = rest.lastIndexOf(':');
  if (colon >= 0) {
    version = rest.slice(colon + 1);
    rest = rest.slice(0, colon);
  }
  const dot = rest.lastIndexOf('.');
  if (dot >= 0) return { namespace: rest.slice(0, dot), name: rest.slice(dot + 1), version };
  return { name: rest, version };
}
