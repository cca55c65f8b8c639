import type { ToolAnnotations } from './tool-definition.js';

/** The behaviour hints `ToolAnnotations` carries besides `title`, as MCP spells them. */
const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

/**
 * The annotations found in an untrusted value, such as an MCP tool's `annotations`: a string
 * `title` and boolean hints. Anything else is dropped; `undefined` when nothing is left.
 *
 * @example pickToolAnnotations({ readOnlyHint: true, destructiveHint: 'no' }) // { readOnlyHint: true }
 */
export function pickToolAnnotations(raw: unknown): ToolAnnotations | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const source = raw as Record<string, unknown>;
  const annotations: ToolAnnotations = {};
  if (typeof source.title === 'string') annotations.title = source.title;
  for (const key of HINTS) {
    const value = source[key];
    if (typeof value === 'boolean') annotations[key] = value;
  }
  return Object.keys(annotations).length > 0 ? annotations : undefined;
}
