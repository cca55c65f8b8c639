import { ArsenalError, type JsonSchema } from '@arsenal/core';

/** A loosely typed piece of a spec: OpenAPI documents are checked as they are walked. */
export type SpecNode = Record<string, unknown>;

export function isNode(value: unknown): value is SpecNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Why one part of a spec cannot be used. */
export class UnmappableError extends ArsenalError {
  static override readonly marker: symbol = Symbol.for(
    'arsenal.error.executor-http.UnmappableError',
  );
  constructor(message: string) {
    super('invalid_catalog', message);
  }
}

// Keywords of OpenAPI's schema dialect that are not JSON Schema, or cost tokens without helping a
// model fill in arguments.
const DROPPED_KEYWORDS = new Set([
  'discriminator',
  'xml',
  'externalDocs',
  'example',
  'nullable',
  'x-nullable',
  'collectionFormat',
  'readOnly',
  'writeOnly',
]);

const MAX_REF_DEPTH = 12;

/**
 * Resolves a spec's local `$ref`s and turns its schemas into plain JSON Schema: references
 * inlined, a reference to a schema already being expanded (recursion) cut to an open object with a
 * note, OpenAPI 3.0 `nullable` turned into a `null` type.
 */
export class SpecResolver {
  readonly root: SpecNode;
  readonly #schemaCache = new Map<string, JsonSchema>();

  constructor(root: SpecNode) {
    this.root = root;
  }

  /** Follow a `$ref` (and refs to refs) to the node it names. */
  deref(value: unknown, seen: Set<string> = new Set()): unknown {
    if (!isNode(value) || typeof value.$ref !== 'string') return value;
    const ref = value.$ref;
    if (seen.has(ref)) throw new UnmappableError(`$ref "${ref}" refers to itself`);
    seen.add(ref);
    return this.deref(this.pointer(ref), seen);
  }

  pointer(ref: string): unknown {
    if (!ref.startsWith('#')) {
      throw new UnmappableError(
        `external $ref "${ref}" is not supported; bundle the spec into one file first`,
      );
    }
    let node: unknown = this.root;
    for (const raw of ref.slice(1).split('/').slice(1)) {
      const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      node = isNode(node) || Array.isArray(node) ? (node as SpecNode)[key] : undefined;
      if (node === undefined) throw new UnmappableError(`$ref "${ref}" points at nothing`);
    }
    return node;
  }

  /** Convert a spec schema to a self-contained JSON Schema. */
  schema(value: unknown): JsonSchema {
    return this.#convert(value, [], { cut: false }) as JsonSchema;
  }

  #convert(value: unknown, stack: string[], state: { cut: boolean }): unknown {
    if (Array.isArray(value)) return value.map((item) => this.#convert(item, stack, state));
    if (!isNode(value)) return value;
    if (typeof value.$ref === 'string') return this.#reference(value, stack, state);
    const out: SpecNode = {};
    for (const [key, child] of Object.entries(value)) {
      if (DROPPED_KEYWORDS.has(key) || key.startsWith('x-')) continue;
      if (key === 'properties' && isNode(child)) {
        const properties: SpecNode = {};
        for (const [name, property] of Object.entries(child)) {
          properties[name] = this.#convert(property, stack, state);
        }
        out[key] = properties;
      } else if (key === 'enum' || key === 'required' || key === 'default' || key === 'const') {
        out[key] = child;
      } else {
        out[key] = this.#convert(child, stack, state);
      }
    }
    if (value.nullable === true || value['x-nullable'] === true) {
      if (typeof out.type === 'string') out.type = [out.type, 'null'];
      else if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    }
    if (Array.isArray(out.type) && out.type.length === 1) out.type = out.type[0];
    return out;
  }

  #reference(value: SpecNode, stack: string[], state: { cut: boolean }): unknown {
    const ref = value.$ref as string;
    const siblings: SpecNode = {};
    for (const [key, child] of Object.entries(value)) {
      if (key !== '$ref' && (key === 'description' || key === 'title' || key === 'default')) {
        siblings[key] = child;
      }
    }
    // A cycle, or a chain deep enough that expanding it further only costs tokens, is cut.
    if (stack.includes(ref) || stack.length >= MAX_REF_DEPTH) {
      state.cut = true;
      const name = ref.split('/').pop() ?? ref;
      return {
        type: 'object',
        description: `A ${name} (recursive: nested levels are not described further).`,
        ...siblings,
      };
    }
    const cached = this.#schemaCache.get(ref);
    if (cached) return Object.keys(siblings).length ? { ...cached, ...siblings } : cached;
    const inner = { cut: false };
    const resolved = this.#convert(this.pointer(ref), [...stack, ref], inner);
    if (inner.cut) state.cut = true;
    // Only an expansion that did not hit a cycle is the same wherever it appears.
    else if (isNode(resolved)) this.#schemaCache.set(ref, resolved as JsonSchema);
    return Object.keys(siblings).length && isNode(resolved)
      ? { ...resolved, ...siblings }
      : resolved;
  }
}
