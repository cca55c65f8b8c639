import { unescapeJsonPointer } from './json-pointer.js';
import { isJsonSchemaObject, type JsonSchema } from './json-schema.js';

/** A chain of bare `$ref`s longer than this is taken to be a loop. */
const MAX_REF_HOPS = 32;

/** Whether `$ref` points inside the same document (`#`, `#/$defs/Node`...). */
export function isLocalRef(ref: string): boolean {
  return ref === '#' || ref.startsWith('#/');
}

/**
 * Follow a local JSON-pointer `$ref` (`#/$defs/Node`, `#/definitions/Node`, `#`) inside `root`.
 * Returns undefined when the pointer leads nowhere or to something that is not a schema.
 * Chains of bare `$ref`s (`{"$ref": ...}` and nothing else) are followed to their end.
 *
 * @example resolveLocalRef(schema, '#/$defs/Address') // the Address schema, or undefined
 */
export function resolveLocalRef(root: JsonSchema, ref: string): JsonSchema | boolean | undefined {
  let current = lookUp(root, ref);
  for (let hop = 0; hop < MAX_REF_HOPS && isBareLocalRef(current); hop += 1) {
    current = lookUp(root, current.$ref);
  }
  if (typeof current === 'boolean' || isJsonSchemaObject(current)) return current;
  return undefined;
}

/**
 * What to put where a `$ref` stood: the referenced schema without its own `$defs` /
 * `definitions` (those stay at the root, where the refs inside it still point), with the
 * keywords that sat beside the `$ref` laid over it.
 *
 * @example inlineRef(resolved, { description: 'Where to ship' })
 */
export function inlineRef(target: JsonSchema, siblings: JsonSchema = {}): JsonSchema {
  const { $defs: _defs, definitions: _definitions, ...body } = target;
  return { ...body, ...siblings };
}

/** The last segment of a ref, for messages: `#/$defs/TreeNode` → `TreeNode`. */
export function refLabel(ref: string): string {
  const segments = ref.split('/');
  const last = segments[segments.length - 1] ?? '';
  return last === '#' || last === '' ? 'root schema' : unescapeJsonPointer(last);
}

function isBareLocalRef(value: unknown): value is { $ref: string } {
  return (
    isJsonSchemaObject(value) &&
    typeof value.$ref === 'string' &&
    Object.keys(value).length === 1 &&
    isLocalRef(value.$ref)
  );
}

function lookUp(root: JsonSchema, ref: string): unknown {
  if (!isLocalRef(ref)) return undefined;
  if (ref === '#') return root;
  let current: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const segment = unescapeJsonPointer(raw);
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
