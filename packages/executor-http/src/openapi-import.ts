import {
  createToolDefinition,
  type HygieneMode,
  type Issue,
  type ToolAnnotations,
  type ToolCapability,
  type ToolDefinition,
} from '@arsenal/core';
import {
  DESCRIPTION_MAX_LENGTH,
  DESCRIPTION_MIN_LENGTH,
  EXTENDED_DESCRIPTION_MAX_LENGTH,
  RESERVED_TOOL_NAMES,
  toToolName,
} from '@arsenal/core/adapter';
import type { CompiledOperation, SecurityRequirement } from './operation.js';
import { mapOperationInput } from './operation-mapping.js';
import { serverUrlOf } from './server-url.js';
import { isNode, type SpecNode, SpecResolver } from './spec-resolver.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** An operation that could not become a tool, and why. */
export interface SkippedOperation {
  method: string;
  path: string;
  operationId?: string;
  reason: string;
}

export interface ImportOptions {
  /** The source id: recorded on every tool so the executor finds its operations. */
  sourceId: string;
  namespace: string;
  sourceUri?: string;
  /** Where the spec came from, to resolve relative server URLs. */
  specUrl?: string;
  serverVariables?: Record<string, string>;
  hygiene?: HygieneMode;
  onHygieneFindings?: (findings: readonly Issue[], tool: ToolDefinition) => void;
  /** Operation ids (or tool names) to retry even though their method is not idempotent. */
  retryable?: readonly string[];
}

export interface ImportResult {
  title: string;
  tools: ToolDefinition[];
  operations: Map<string, CompiledOperation>;
  skipped: SkippedOperation[];
}

interface Candidate {
  method: string;
  path: string;
  pathItem: SpecNode;
  operation: SpecNode;
  base: string;
}

// Vendors cap tool names at 64 characters (OpenAI, Anthropic); Arsenal's own limit is higher.
const NAME_MAX_LENGTH = 64;

/** A short, stable fingerprint (FNV-1a, 32 bits) that keeps shortened names apart. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

function baseName(candidate: Omit<Candidate, 'base'>): string {
  const id = candidate.operation.operationId;
  const raw = typeof id === 'string' && id.trim() ? id : `${candidate.method} ${candidate.path}`;
  let name = toToolName(raw) || `${candidate.method}_operation`;
  if (name.length > NAME_MAX_LENGTH) {
    name = `${name.slice(0, NAME_MAX_LENGTH - 9).replace(/_+$/, '')}_${fingerprint(name)}`;
  }
  return RESERVED_TOOL_NAMES.has(name) ? `${name}_operation` : name;
}

/** Unique names: the first holder of a base name (in spec order) keeps it, later ones get `_2`... */
function assignNames(candidates: readonly Candidate[]): string[] {
  const taken = new Set<string>();
  const counts = new Map<string, number>();
  const firstPass = candidates.map((candidate) => {
    if (taken.has(candidate.base)) return undefined;
    taken.add(candidate.base);
    return candidate.base;
  });
  return candidates.map((candidate, index) => {
    const kept = firstPass[index];
    if (kept !== undefined) return kept;
    let count = counts.get(candidate.base) ?? 1;
    let name: string;
    do {
      count += 1;
      const suffix = `_${count}`;
      name = candidate.base.slice(0, NAME_MAX_LENGTH - suffix.length) + suffix;
    } while (taken.has(name));
    counts.set(candidate.base, count);
    taken.add(name);
    return name;
  });
}

function cutAt(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const slice = text.slice(0, limit - 1);
  const sentenceEnd = slice.lastIndexOf('. ');
  return sentenceEnd > limit / 2 ? slice.slice(0, sentenceEnd + 1) : `${slice.trimEnd()}…`;
}

function describeOperation(candidate: Candidate, title: string) {
  const summary =
    typeof candidate.operation.summary === 'string' ? candidate.operation.summary.trim() : '';
  const detail =
    typeof candidate.operation.description === 'string'
      ? candidate.operation.description.trim()
      : '';
  const joined =
    summary && detail && !detail.startsWith(summary) ? `${summary}. ${detail}` : summary || detail;
  const full =
    joined.length >= DESCRIPTION_MIN_LENGTH
      ? joined
      : `${joined ? `${joined}: ` : ''}${candidate.method.toUpperCase()} ${candidate.path} of the ${title} API.`;
  return {
    description: cutAt(full, DESCRIPTION_MAX_LENGTH),
    ...(full.length > DESCRIPTION_MAX_LENGTH
      ? { extendedDescription: cutAt(full, EXTENDED_DESCRIPTION_MAX_LENGTH) }
      : {}),
    ...(summary && summary.length <= 200 ? { title: summary } : {}),
  };
}

function behaviourOf(method: string): {
  annotations: ToolAnnotations;
  capabilities: ToolCapability[];
} {
  const capabilities: ToolCapability[] = ['network_access', 'external_api'];
  if (method === 'get' || method === 'head' || method === 'options') {
    return {
      annotations: { readOnlyHint: true, openWorldHint: true },
      capabilities: ['read_data', ...capabilities],
    };
  }
  if (method === 'delete') {
    return {
      annotations: { destructiveHint: true, idempotentHint: true, openWorldHint: true },
      capabilities: ['delete_data', ...capabilities],
    };
  }
  return {
    annotations: { readOnlyHint: false, idempotentHint: method === 'put', openWorldHint: true },
    capabilities: ['write_data', ...capabilities],
  };
}

function securityOf(value: unknown): SecurityRequirement[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.filter(isNode).map((requirement) => Object.keys(requirement));
}

/** Turn every operation of a parsed OpenAPI 3.x or Swagger 2.0 document into a tool. */
export function importOpenApiDocument(document: SpecNode, options: ImportOptions): ImportResult {
  const resolver = new SpecResolver(document);
  const info = isNode(document.info) ? document.info : {};
  const title =
    typeof info.title === 'string' && info.title.trim() ? info.title.trim() : options.sourceId;
  const consumes = Array.isArray(document.consumes) ? (document.consumes as string[]) : [];
  const skipped: SkippedOperation[] = [];
  const candidates: Candidate[] = [];
  const paths = isNode(document.paths) ? document.paths : {};
  for (const [path, rawItem] of Object.entries(paths)) {
    let pathItem: unknown;
    try {
      pathItem = resolver.deref(rawItem);
    } catch (error) {
      skipped.push({ method: '*', path, reason: (error as Error).message });
      continue;
    }
    if (!isNode(pathItem)) continue;
    for (const method of METHODS) {
      const operation = pathItem[method];
      if (!isNode(operation)) continue;
      const found = { method, path, pathItem, operation };
      candidates.push({ ...found, base: baseName(found) });
    }
  }
  const names = assignNames(candidates);
  const tools: ToolDefinition[] = [];
  const operations = new Map<string, CompiledOperation>();
  const globalSecurity = securityOf(document.security) ?? [];
  const retryable = new Set(options.retryable ?? []);
  for (const [index, candidate] of candidates.entries()) {
    const name = names[index] as string;
    const { method, path, operation, pathItem } = candidate;
    const operationId =
      typeof operation.operationId === 'string' ? operation.operationId : undefined;
    try {
      const ownConsumes = Array.isArray(operation.consumes)
        ? (operation.consumes as string[])
        : consumes;
      const input = mapOperationInput(resolver, pathItem, operation, ownConsumes);
      const serverUrl = serverUrlOf(document, pathItem, operation, options);
      const compiled: CompiledOperation = {
        toolName: name,
        method: method.toUpperCase(),
        path,
        ...(serverUrl ? { serverUrl } : {}),
        parameters: input.parameters,
        ...(input.body ? { body: input.body } : {}),
        security: securityOf(operation.security) ?? globalSecurity,
        retryable:
          operation['x-arsenal-retryable'] === true ||
          retryable.has(name) ||
          (operationId !== undefined && retryable.has(operationId)),
      };
      const tags = Array.isArray(operation.tags)
        ? operation.tags.filter((tag): tag is string => typeof tag === 'string')
        : [];
      const tool = createToolDefinition(
        {
          name,
          namespace: options.namespace,
          ...describeOperation(candidate, title),
          tags,
          parametersSchema: input.schema,
          source: 'openapi',
          ...(options.sourceUri ? { sourceUri: options.sourceUri } : {}),
          ...behaviourOf(method),
          deprecated: operation.deprecated === true,
          metadata: {
            httpSource: options.sourceId,
            httpOperation: `${method.toUpperCase()} ${path}`,
            ...(operationId ? { operationId } : {}),
          },
        },
        { hygiene: options.hygiene ?? 'flag', onFindings: options.onHygieneFindings },
      );
      tools.push(tool);
      operations.set(name, compiled);
    } catch (error) {
      skipped.push({
        method: method.toUpperCase(),
        path,
        ...(operationId ? { operationId } : {}),
        reason: (error as Error).message.split('\n').join(' '),
      });
    }
  }
  return { title, tools, operations, skipped };
}
