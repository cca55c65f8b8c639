import {
  ConfigurationError,
  createToolDefinition,
  type HygieneMode,
  InvalidArgumentError,
  type JsonSchema,
  type ToolDefinition,
  type ToolSource,
} from '@arsenal/core';
import { type HttpAuth, validateAuth } from './auth.js';
import { HttpClient, type HttpClientOptions } from './http-client.js';
import { HttpExecutor } from './http-executor.js';
import { toNamespace } from './openapi-tool-source.js';
import {
  buildTemplateRequest,
  parseUrlTemplate,
  placeholdersOf,
  type TemplateCall,
} from './url-template.js';

/** One plain HTTP tool, for an API without a spec. Templates use `{argument}` placeholders. */
export interface HttpToolDeclaration {
  name: string;
  description: string;
  /** Default GET. */
  method?: string;
  /** `https://api.example.com/users/{id}?fields={fields}`: placeholders in path and query only. */
  url: string;
  /** Header templates. */
  headers?: Record<string, string>;
  /** Body template: a string exactly `{name}` becomes the argument's value, typed. */
  body?: unknown;
  /** Default `application/json`. */
  contentType?: string;
  /** JSON Schema of the arguments; default: every placeholder a string, path ones required. */
  inputSchema?: JsonSchema;
  /** Overrides the source's auth for this tool. */
  auth?: HttpAuth;
  /** Retry though the method is not idempotent. */
  retryable?: boolean;
  tags?: readonly string[];
  deprecated?: boolean;
}

export interface HttpToolSourceOptions extends HttpClientOptions {
  /** Source id and namespace of its tools. */
  name: string;
  tools: readonly HttpToolDeclaration[];
  /** Credentials for every tool of this source. */
  auth?: HttpAuth;
  hygiene?: HygieneMode;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

interface Prepared {
  call: TemplateCall;
  auth?: HttpAuth;
  retryable: boolean;
  definition: ToolDefinition;
}

function defaultSchema(declaration: HttpToolDeclaration, pathNames: readonly string[]): JsonSchema {
  const names = placeholdersOf([
    declaration.url,
    declaration.headers ?? {},
    declaration.body ?? null,
  ]);
  const properties: Record<string, JsonSchema> = {};
  for (const name of names) properties[name] = { type: 'string' };
  return { type: 'object', properties, ...(pathNames.length ? { required: [...pathNames] } : {}) };
}

/** Plain HTTP tools declared in config, as a tool source with its executor. */
export class HttpToolSource implements ToolSource {
  readonly id: string;
  readonly namespace: string;
  readonly executor: HttpExecutor;
  readonly client: HttpClient;
  readonly #tools = new Map<string, Prepared>();

  constructor(options: HttpToolSourceOptions) {
    if (typeof options.name !== 'string' || options.name.trim() === '') {
      throw new InvalidArgumentError(
        'HTTP source name is required: it becomes the namespace of its tools.',
      );
    }
    this.id = options.name;
    this.namespace = toNamespace(options.name);
    this.client = new HttpClient(options);
    const where = `http.${options.name}`;
    if (options.auth) this.client.registerAuth(validateAuth(options.auth, `${where}.auth`));
    for (const [index, declaration] of (options.tools ?? []).entries()) {
      const at = `${where}.tools[${index}]`;
      const method = (declaration.method ?? 'GET').toUpperCase();
      if (!METHODS.has(method))
        throw new ConfigurationError(`${at}: unknown method "${declaration.method}".`);
      if (typeof declaration.url !== 'string')
        throw new ConfigurationError(`${at}: url is required.`);
      const url = parseUrlTemplate(declaration.url, at);
      if (declaration.auth) this.client.registerAuth(validateAuth(declaration.auth, `${at}.auth`));
      for (const value of Object.values(declaration.headers ?? {}))
        this.client.redactor.add(placeholdersOf(value).size ? undefined : value);
      const readOnly = method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
      const definition = createToolDefinition(
        {
          name: declaration.name,
          namespace: this.namespace,
          description: declaration.description,
          parametersSchema: declaration.inputSchema ?? defaultSchema(declaration, url.pathNames),
          source: 'http',
          sourceUri: `${url.origin}${url.path}`,
          tags: declaration.tags ?? [],
          deprecated: declaration.deprecated === true,
          capabilities: [
            readOnly ? 'read_data' : method === 'DELETE' ? 'delete_data' : 'write_data',
            'network_access',
            'external_api',
          ],
          annotations: {
            readOnlyHint: readOnly,
            openWorldHint: true,
            ...(method === 'DELETE' ? { destructiveHint: true } : {}),
          },
          metadata: { httpSource: this.id, httpOperation: `${method} ${declaration.url}` },
        },
        { hygiene: options.hygiene ?? 'flag' },
      );
      if (this.#tools.has(definition.name))
        throw new ConfigurationError(`${at}: tool name "${definition.name}" is used twice.`);
      const auth = declaration.auth ?? options.auth;
      this.#tools.set(definition.name, {
        call: {
          toolName: definition.name,
          method,
          url,
          headers: declaration.headers ?? {},
          ...(declaration.body === undefined ? {} : { body: declaration.body }),
          contentType: declaration.contentType ?? 'application/json',
        },
        ...(auth ? { auth } : {}),
        retryable: declaration.retryable === true,
        definition,
      });
    }
    this.executor = new HttpExecutor({
      sourceId: this.id,
      client: this.client,
      target: (toolName) => {
        const prepared = this.#tools.get(toolName);
        if (!prepared) return undefined;
        return {
          method: prepared.call.method,
          retryable: prepared.retryable,
          auths: () => (prepared.auth ? [prepared.auth] : []),
          build: (args) => buildTemplateRequest(prepared.call, args),
        };
      },
    });
  }

  async load(): Promise<ToolDefinition[]> {
    return [...this.#tools.values()].map((prepared) => prepared.definition);
  }
}

/** Create a source of plain HTTP tools; add it with `arsenal.addSource(source)`. */
export function createHttpToolSource(options: HttpToolSourceOptions): HttpToolSource {
  return new HttpToolSource(options);
}
