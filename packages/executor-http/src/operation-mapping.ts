import type { JsonSchema } from '@arsenal/core';
import type { BodyBinding, ParameterBinding, ParameterLocation } from './operation.js';
import { isNode, type SpecNode, type SpecResolver, UnmappableError } from './spec-resolver.js';

/** The input schema of an operation and how each property reaches the wire. */
export interface MappedInput {
  schema: JsonSchema;
  parameters: ParameterBinding[];
  body?: BodyBinding;
}

const LOCATIONS: readonly ParameterLocation[] = ['path', 'query', 'header', 'cookie'];
const SWAGGER_SCHEMA_KEYS = [
  'type',
  'format',
  'items',
  'enum',
  'default',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
  'multipleOf',
];
const SWAGGER_DELIMITERS: Record<string, { style: string; explode: boolean; delimiter?: string }> =
  {
    csv: { style: 'form', explode: false },
    ssv: { style: 'spaceDelimited', explode: false },
    tsv: { style: 'form', explode: false, delimiter: '\t' },
    pipes: { style: 'pipeDelimited', explode: false },
    multi: { style: 'form', explode: true },
  };

interface RawParameter {
  name: string;
  in: string;
  node: SpecNode;
}

/** Operation parameters override path-item ones with the same name and location. */
function collectParameters(
  resolver: SpecResolver,
  pathItem: SpecNode,
  operation: SpecNode,
): RawParameter[] {
  const merged = new Map<string, RawParameter>();
  for (const list of [pathItem.parameters, operation.parameters]) {
    if (list === undefined) continue;
    if (!Array.isArray(list)) throw new UnmappableError('"parameters" is not a list');
    for (const entry of list) {
      const node = resolver.deref(entry);
      if (!isNode(node) || typeof node.name !== 'string' || typeof node.in !== 'string') {
        throw new UnmappableError('a parameter has no "name" or "in"');
      }
      merged.set(`${node.in}:${node.name}`, { name: node.name, in: node.in, node });
    }
  }
  return [...merged.values()];
}

function describe(schema: JsonSchema, node: SpecNode): JsonSchema {
  if (typeof node.description === 'string' && node.description && !schema.description) {
    return { ...schema, description: node.description };
  }
  return schema;
}

function parameterSchema(
  resolver: SpecResolver,
  node: SpecNode,
): { schema: JsonSchema; json: boolean } {
  if (node.schema !== undefined)
    return { schema: describe(resolver.schema(node.schema), node), json: false };
  if (isNode(node.content)) {
    const media = Object.values(node.content)[0];
    const schema = isNode(media) ? resolver.schema(media.schema ?? {}) : {};
    return { schema: describe(schema, node), json: true };
  }
  // Swagger 2.0: the schema keywords sit on the parameter itself.
  const raw: SpecNode = {};
  for (const key of SWAGGER_SCHEMA_KEYS) if (node[key] !== undefined) raw[key] = node[key];
  if (raw.type === 'file') raw.type = 'string';
  return { schema: describe(resolver.schema(raw), node), json: false };
}

function styleOf(node: SpecNode, location: ParameterLocation) {
  if (typeof node.collectionFormat === 'string') {
    const swagger = SWAGGER_DELIMITERS[node.collectionFormat];
    if (!swagger) throw new UnmappableError(`unknown collectionFormat "${node.collectionFormat}"`);
    return swagger;
  }
  const style =
    typeof node.style === 'string'
      ? node.style
      : location === 'query' || location === 'cookie'
        ? 'form'
        : 'simple';
  const explode = typeof node.explode === 'boolean' ? node.explode : style === 'form';
  return { style, explode };
}

/** Picks a property name no other argument uses: the wire name, else suffixed by location. */
class PropertyNames {
  readonly #taken = new Set<string>();
  claim(name: string, location: string): string {
    let candidate = name;
    if (this.#taken.has(candidate)) candidate = `${name}_${location}`;
    for (let index = 2; this.#taken.has(candidate); index += 1)
      candidate = `${name}_${location}_${index}`;
    this.#taken.add(candidate);
    return candidate;
  }
}

const BODY_PREFERENCE = [
  (type: string) => type === 'application/json' || /\+json$/.test(type),
  (type: string) => type === 'application/x-www-form-urlencoded',
  (type: string) => type === 'multipart/form-data',
  (type: string) => type.startsWith('text/'),
  (type: string) => type === 'application/octet-stream',
];

function chooseMediaType(types: readonly string[]): string | undefined {
  for (const matches of BODY_PREFERENCE) {
    const found = types.find((type) => matches(type.toLowerCase().split(';')[0]?.trim() ?? ''));
    if (found) return found;
  }
  if (types.includes('*/*')) return 'application/json';
  return types[0];
}

interface RawBody {
  contentType: string;
  schema: JsonSchema;
  required: boolean;
  description?: string;
}

function requestBodyOf(
  resolver: SpecResolver,
  operation: SpecNode,
  swaggerBody: RawParameter | undefined,
  formFields: RawParameter[],
  consumes: readonly string[],
): RawBody | undefined {
  if (swaggerBody) {
    const contentType = chooseMediaType(consumes) ?? 'application/json';
    return {
      contentType,
      schema: resolver.schema(swaggerBody.node.schema ?? {}),
      required: swaggerBody.node.required === true,
      ...(typeof swaggerBody.node.description === 'string'
        ? { description: swaggerBody.node.description }
        : {}),
    };
  }
  if (formFields.length > 0) {
    const multipart =
      consumes.includes('multipart/form-data') ||
      formFields.some((field) => field.node.type === 'file');
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const field of formFields) {
      properties[field.name] = parameterSchema(resolver, field.node).schema;
      if (field.node.required === true) required.push(field.name);
    }
    return {
      contentType: multipart ? 'multipart/form-data' : 'application/x-www-form-urlencoded',
      schema: { type: 'object', properties, ...(required.length ? { required } : {}) },
      required: required.length > 0,
    };
  }
  if (operation.requestBody === undefined) return undefined;
  const body = resolver.deref(operation.requestBody);
  if (!isNode(body) || !isNode(body.content))
    throw new UnmappableError('requestBody has no content');
  const contentType = chooseMediaType(Object.keys(body.content));
  if (!contentType) throw new UnmappableError('requestBody lists no media type');
  const media = resolver.deref(body.content[contentType]);
  return {
    contentType: contentType === '*/*' ? 'application/json' : contentType,
    schema: resolver.schema(isNode(media) ? (media.schema ?? {}) : {}),
    required: body.required === true,
    ...(typeof body.description === 'string' ? { description: body.description } : {}),
  };
}

/** Merge an operation's parameters and body into one input schema, remembering each origin. */
export function mapOperationInput(
  resolver: SpecResolver,
  pathItem: SpecNode,
  operation: SpecNode,
  consumes: readonly string[],
): MappedInput {
  const raw = collectParameters(resolver, pathItem, operation);
  const names = new PropertyNames();
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const parameters: ParameterBinding[] = [];
  // Path parameters claim their names first, then query, header and cookie: the order is fixed,
  // so the same spec always gives the same names.
  for (const location of LOCATIONS) {
    for (const parameter of raw.filter((entry) => entry.in === location)) {
      const { schema, json } = parameterSchema(resolver, parameter.node);
      const property = names.claim(parameter.name, location);
      properties[property] = schema;
      if (location === 'path' || parameter.node.required === true) required.push(property);
      parameters.push({
        property,
        name: parameter.name,
        in: location,
        ...styleOf(parameter.node, location),
        ...(json ? { json: true } : {}),
      });
    }
  }
  const unknown = raw.find((entry) => ![...LOCATIONS, 'body', 'formData'].includes(entry.in));
  if (unknown)
    throw new UnmappableError(`parameter "${unknown.name}" is in unknown location "${unknown.in}"`);
  const body = requestBodyOf(
    resolver,
    operation,
    raw.find((entry) => entry.in === 'body'),
    raw.filter((entry) => entry.in === 'formData'),
    consumes,
  );
  let binding: BodyBinding | undefined;
  if (body) {
    const spreadable =
      !body.contentType.startsWith('text/') &&
      body.contentType !== 'application/octet-stream' &&
      isNode(body.schema.properties) &&
      body.schema.oneOf === undefined &&
      body.schema.anyOf === undefined &&
      body.schema.allOf === undefined;
    if (spreadable && body.schema.properties) {
      const fields: Record<string, string> = {};
      const bodyRequired = new Set(body.required ? (body.schema.required ?? []) : []);
      for (const [field, schema] of Object.entries(body.schema.properties)) {
        const property = names.claim(field, 'body');
        fields[property] = field;
        properties[property] = schema;
        if (bodyRequired.has(field)) required.push(property);
      }
      binding = { contentType: body.contentType, mode: 'spread', fields };
    } else {
      const property = names.claim('body', 'request');
      properties[property] = body.description
        ? describe(body.schema, { description: body.description })
        : body.schema;
      if (body.required) required.push(property);
      binding = { contentType: body.contentType, mode: 'property', property };
    }
  }
  const schema: JsonSchema = {
    type: 'object',
    properties,
    ...(required.length ? { required } : {}),
  };
  return { schema, parameters, ...(binding ? { body: binding } : {}) };
}
