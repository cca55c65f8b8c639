import {
  type HygieneMode,
  InvalidArgumentError,
  type Issue,
  type ToolDefinition,
  type ToolSource,
} from '@arsenal/core';
import type { HttpAuth, SchemeCredential } from './auth.js';
import { HttpClient, type HttpClientOptions } from './http-client.js';
import { HttpExecutor } from './http-executor.js';
import {
  type ImportResult,
  importOpenApiDocument,
  type SkippedOperation,
} from './openapi-import.js';
import type { CompiledOperation } from './operation.js';
import { buildOperationRequest } from './request-builder.js';
import { authFor, bindCredentials } from './security-binding.js';
import { loadSpec } from './spec-loader.js';

export interface OpenApiToolSourceOptions extends HttpClientOptions {
  /** Source id and namespace of its tools. */
  name: string;
  /** A file path, an http(s) URL, or a parsed document. YAML or JSON. */
  spec: string | object;
  /** Overrides the spec's servers. */
  baseUrl?: string;
  /** Values for the server URL's `{variables}` (defaults come from the spec). */
  serverVariables?: Record<string, string>;
  /** Credentials by security scheme name, bound to the spec's `securitySchemes`. */
  credentials?: Record<string, SchemeCredential>;
  /** Operation ids or tool names to retry though their method is not idempotent. */
  retryable?: readonly string[];
  hygiene?: HygieneMode;
  onHygieneFindings?: (findings: readonly Issue[], tool: ToolDefinition) => void;
  /** Called for every operation that could not become a tool. */
  onSkippedOperation?: (skipped: SkippedOperation) => void;
}

/** A namespace from a source name: `Pet Store!` → `pet-store`. */
export function toNamespace(name: string): string {
  const cleaned = name
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '-')
    .replace(/^[^a-z0-9]+/, '')
    .slice(0, 64)
    .replace(/[-_.]+$/, '');
  return cleaned || 'api';
}

/**
 * An OpenAPI 3.0/3.1 or Swagger 2.0 spec as a tool source: `load()` reads the spec and turns every
 * operation into a tool; `executor` calls them.
 */
export class OpenApiToolSource implements ToolSource {
  readonly id: string;
  readonly namespace: string;
  readonly executor: HttpExecutor;
  readonly client: HttpClient;
  readonly #options: OpenApiToolSourceOptions;
  #operations = new Map<string, CompiledOperation>();
  #auth = new Map<string, HttpAuth>();
  #skipped: SkippedOperation[] = [];
  #title = '';

  constructor(options: OpenApiToolSourceOptions) {
    if (typeof options.name !== 'string' || options.name.trim() === '') {
      throw new InvalidArgumentError(
        'OpenAPI source name is required: it becomes the namespace of its tools.',
      );
    }
    if (options.spec === undefined || options.spec === null || options.spec === '') {
      throw new InvalidArgumentError(
        `OpenAPI source "${options.name}": spec (a path, URL or object) is required.`,
      );
    }
    this.id = options.name;
    this.namespace = toNamespace(options.name);
    this.#options = options;
    this.client = new HttpClient(options);
    for (const credential of Object.values(options.credentials ?? {})) {
      for (const secret of [
        credential.apiKey,
        credential.password,
        credential.token,
        credential.clientSecret,
      ]) {
        this.client.redactor.add(secret);
      }
    }
    this.executor = new HttpExecutor({
      sourceId: this.id,
      client: this.client,
      target: (toolName) => {
        const operation = this.#operations.get(toolName);
        if (!operation) return undefined;
        return {
          method: operation.method,
          retryable: operation.retryable,
          auths: () => authFor(operation.security, this.#auth, toolName),
          build: (args) => buildOperationRequest(operation, args, this.#baseUrlOf(operation)),
        };
      },
    });
  }

  /** Operations the last load could not map, with the reason. */
  get skipped(): readonly SkippedOperation[] {
    return this.#skipped;
  }

  /** The spec's `info.title`, after load. */
  get title(): string {
    return this.#title;
  }

  async load(options: { signal?: AbortSignal } = {}): Promise<ToolDefinition[]> {
    const loaded = await loadSpec(this.#options.spec, this.client, options.signal);
    const result: ImportResult = importOpenApiDocument(loaded.document, {
      sourceId: this.id,
      namespace: this.namespace,
      sourceUri:
        loaded.url ??
        (typeof this.#options.spec === 'string' ? this.#options.spec : `openapi:${this.id}`),
      ...(loaded.url ? { specUrl: loaded.url } : {}),
      ...(this.#options.serverVariables ? { serverVariables: this.#options.serverVariables } : {}),
      ...(this.#options.hygiene ? { hygiene: this.#options.hygiene } : {}),
      ...(this.#options.onHygieneFindings
        ? { onHygieneFindings: this.#options.onHygieneFindings }
        : {}),
      ...(this.#options.retryable ? { retryable: this.#options.retryable } : {}),
    });
    this.#auth = bindCredentials(
      loaded.document,
      this.#options.credentials ?? {},
      `openapi.${this.id}`,
      loaded.url,
    );
    for (const auth of this.#auth.values()) this.client.registerAuth(auth);
    this.#operations = result.operations;
    this.#skipped = result.skipped;
    this.#title = result.title;
    for (const skipped of result.skipped) this.#options.onSkippedOperation?.(skipped);
    return result.tools;
  }

  #baseUrlOf(operation: CompiledOperation): string {
    const base = this.#options.baseUrl ?? operation.serverUrl;
    if (!base) {
      throw new InvalidArgumentError(
        `OpenAPI source "${this.id}": the spec names no absolute server URL for ${operation.method} ${operation.path}; set baseUrl.`,
      );
    }
    return base;
  }
}

/** Create an OpenAPI tool source; add it with `arsenal.addSource(source)`. */
export function createOpenApiToolSource(options: OpenApiToolSourceOptions): OpenApiToolSource {
  return new OpenApiToolSource(options);
}
