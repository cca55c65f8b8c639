import type { JsonSchema } from '@arsenal/core';

const MAX_REF_HOPS = 32;

/** Whether `$ref` points inside the same document (`#`, `#/$defs/Node`...). */
export function isLocalRef(ref: string): boolean {
  return ref === '#' || ref.startsWith('#/');
}

/**
 * Follow a local JSON-pointer `$ref` (`#/$defs/Node`, `#/definitions/Node`, `#`) inside `root`.
 * Returns undefined when the pointer leads nowhere. Chains of bare `$ref`s are followed.
 */
export function resolveLocalRef(root: JsonSchema, ref: string): JsonSchema | boolean | undefined {
  let current: unknown = lookUp(root, ref);
  for (let hop = 0; hop < MAX_REF_HOPS; hop += 1) {
    if (!isBareRef(current)) break;
    current = lookUp(root, current.$ref);
  }
  if (typeof current === 'boolean') return current;
  if (typeof current === 'object' && current !== null && !Array.isArray(current)) {
    return current as JsonSchema;
  }
  return undefined;
}

/** The last segment of a ref, for messages: `#/$defs/TreeNode` → `TreeNode`. */
export function refLabel(ref: string): string {
  const segments = ref.split('/');
  const last = segments[segments.length - 1] ?? '';
  return last === '#' || last === '' ? 'root schema' : decodeSegment(last);
}

function isBareRef(value: unknown): value is { $ref: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { $ref?: unknown }).$ref === 'string' &&
    Object.keys(value).length === 1 &&
    isLocalRef((value as { $ref: string }).$ref)
  );
}

function lookUp(root: JsonSchema, ref: string): unknown {
  if (!isLocalRef(ref)) return undefined;
  if (ref === '#') return root;
  let current: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const segment = decodeSegment(raw);
    if (typeof current !== 'object' || current === null) return undefined;
    if (Array.isArray(current)) {
      const index = Number(segment);
      current = Number.isInteger(index) ? current[index] : undefined;
    } else {
      if (!Object.hasOwn(current, segment)) return undefined;
      current = (current as Record<string, unknown>)[segment];
    }
  }
  return current;
}

function decodeSegment(segment: string): string {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // A stray "%" is not an escape; keep the segment as written.
  }
  return decoded.replace(/~1/g, '/').replace(/~0/g, '~');
}
