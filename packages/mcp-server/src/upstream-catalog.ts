import type { Arsenal, Principal, ToolDefinition } from '@arsenal/core';
import {
  type CompleteRequest,
  type CompleteResult,
  ErrorCode,
  type GetPromptResult,
  type Prompt,
  type ReadResourceResult,
  type Resource,
  type ResourceTemplate,
} from '@modelcontextprotocol/sdk/types.js';
import { echoInput, ProtocolError } from './protocol-errors.js';

/**
 * An upstream MCP server whose prompts, resources and completions Arsenal serves beside its
 * tools. `McpToolSource` from `@arsenal/executor-mcp` is one.
 *
 * @example
 * ```ts
 * import { createArsenal } from '@arsenal/core';
 * import { createArsenalMcpServer, type UpstreamServer } from '@arsenal/mcp-server';
 *
 * // An upstream server held in memory; `McpToolSource` of `@arsenal/executor-mcp` is a real one.
 * const docs: UpstreamServer = {
 *   namespace: 'docs',
 *   features: {
 *     listPrompts: async () => [{ name: 'summarize', description: 'Summarize a page.' }],
 *     getPrompt: async (name) => ({
 *       messages: [{ role: 'user', content: { type: 'text', text: `Run the ${name} prompt.` } }],
 *     }),
 *     listResources: async () => [{ uri: 'file:///readme.md', name: 'readme' }],
 *     listResourceTemplates: async () => [],
 *     readResource: async (uri) => ({ contents: [{ uri, text: '# Read me' }] }),
 *     complete: async () => ({ completion: { values: [] } }),
 *   },
 * };
 * const mcp = createArsenalMcpServer({ arsenal: createArsenal(), upstreams: [docs] });
 * // Clients see the prompt `docs.summarize` and the resource `arsenal://docs/file:///readme.md`.
 * ```
 */
export interface UpstreamServer {
  /**
   * The namespace its tools have; prompts become `<namespace>.<name>`. The empty namespace
   * serves one server's prompts and resources under their own names and URIs.
   */
  readonly namespace: string;
  readonly features: UpstreamFeatureAccess;
}

/**
 * The requests an upstream server answers for its prompts, resources and completions.
 *
 * @example
 * ```ts
 * import type { UpstreamFeatureAccess } from '@arsenal/mcp-server';
 *
 * // A server with nothing but one prompt.
 * const features: UpstreamFeatureAccess = {
 *   listPrompts: async () => [{ name: 'greet' }],
 *   getPrompt: async () => ({
 *     messages: [{ role: 'user', content: { type: 'text', text: 'Say hello.' } }],
 *   }),
 *   listResources: async () => [],
 *   listResourceTemplates: async () => [],
 *   readResource: async (uri) => ({ contents: [{ uri, text: '' }] }),
 *   complete: async () => ({ completion: { values: [] } }),
 * };
 * ```
 */
export interface UpstreamFeatureAccess {
  /** The prompts the server offers (`prompts/list`). */
  listPrompts(signal?: AbortSignal): Promise<Prompt[]>;
  /** One prompt filled in with `args` (`prompts/get`). */
  getPrompt(
    name: string,
    args: Record<string, string> | undefined,
    signal?: AbortSignal,
  ): Promise<GetPromptResult>;
  /** The resources the server offers (`resources/list`). */
  listResources(signal?: AbortSignal): Promise<Resource[]>;
  /** The resource templates the server offers (`resources/templates/list`). */
  listResourceTemplates(signal?: AbortSignal): Promise<ResourceTemplate[]>;
  /** The contents of one resource (`resources/read`). */
  readResource(uri: string, signal?: AbortSignal): Promise<ReadResourceResult>;
  /** Completions for a prompt or resource template argument (`completion/complete`). */
  complete(params: CompleteRequest['params'], signal?: AbortSignal): Promise<CompleteResult>;
  /** Resource subscriptions; absent when the server cannot subscribe. */
  subscribeResource?(uri: string, signal?: AbortSignal): Promise<void>;
  /** Stop the updates `subscribeResource` asked for. */
  unsubscribeResource?(uri: string, signal?: AbortSignal): Promise<void>;
  /** Tell the server the client's roots changed (`notifications/roots/list_changed`), to these. */
  rootsChanged?(roots?: { roots: { uri: string; name?: string }[] }): Promise<void>;
  /** Listen to updates of subscribed resources; returns the unsubscriber. */
  onResourceUpdated?(listener: (uri: string) => void): () => void;
}

/** One upstream server by namespace, its requests bound to it. */
export interface Upstream extends UpstreamFeatureAccess {
  readonly id: string;
}

function bind(features: UpstreamFeatureAccess): UpstreamFeatureAccess {
  return {
    listPrompts: (signal) => features.listPrompts(signal),
    getPrompt: (name, args, signal) => features.getPrompt(name, args, signal),
    listResources: (signal) => features.listResources(signal),
    listResourceTemplates: (signal) => features.listResourceTemplates(signal),
    readResource: (uri, signal) => features.readResource(uri, signal),
    complete: (params, signal) => features.complete(params, signal),
    ...(features.rootsChanged
      ? { rootsChanged: (roots) => features.rootsChanged?.(roots) ?? Promise.resolve() }
      : {}),
    ...(features.subscribeResource && features.unsubscribeResource && features.onResourceUpdated
      ? {
          subscribeResource: (uri: string, signal?: AbortSignal) =>
            features.subscribeResource?.(uri, signal) ?? Promise.resolve(),
          unsubscribeResource: (uri: string, signal?: AbortSignal) =>
            features.unsubscribeResource?.(uri, signal) ?? Promise.resolve(),
          onResourceUpdated: (listener: (uri: string) => void) =>
            features.onResourceUpdated?.(listener) ?? (() => {}),
        }
      : {}),
  };
}

/**
 * Resource URIs are served as `arsenal://<server>/<upstream uri>`, and mapped back on read.
 *
 * @example
 * ```ts
 * import { UPSTREAM_URI_PREFIX } from '@arsenal/mcp-server';
 *
 * const uri = 'arsenal://docs/file:///readme.md';
 * if (uri.startsWith(UPSTREAM_URI_PREFIX)) {
 *   const [server] = uri.slice(UPSTREAM_URI_PREFIX.length).split('/'); // 'docs'
 * }
 * ```
 */
export const UPSTREAM_URI_PREFIX = 'arsenal://';

/**
 * The URI a client sees for an upstream resource (templates keep their `{variables}`). A server
 * with the empty namespace is served as it is: its names and URIs unchanged.
 *
 * @example
 * ```ts
 * import { exposedUri } from '@arsenal/mcp-server';
 *
 * exposedUri('docs', 'file:///readme.md'); // 'arsenal://docs/file:///readme.md'
 * exposedUri('', 'file:///readme.md'); // 'file:///readme.md'
 * ```
 */
export function exposedUri(server: string, uri: string): string {
  return server === '' ? uri : `${UPSTREAM_URI_PREFIX}${server}/${uri}`;
}

/**
 * The name a client sees for an upstream prompt or resource.
 *
 * @example
 * ```ts
 * import { exposedName } from '@arsenal/mcp-server';
 *
 * exposedName('docs', 'summarize'); // 'docs.summarize'
 * exposedName('', 'summarize'); // 'summarize'
 * ```
 */
export function exposedName(server: string, name: string): string {
  return server === '' ? name : `${server}.${name}`;
}

/**
 * Prompts, resources and completions of the upstream servers, namespaced like tools and
 * filtered by the security policy like tools: a prompt is judged as a tool named `<server>.<name>`
 * in namespace `<server>` would be (deny/allow rules, principal namespaces), a resource the same
 * way by its upstream URI (`<server>.<uri>`).
 *
 * @example
 * ```ts
 * import { createArsenal } from '@arsenal/core';
 * import { type UpstreamServer, UpstreamCatalog } from '@arsenal/mcp-server';
 *
 * // An upstream server held in memory; `McpToolSource` of `@arsenal/executor-mcp` is a real one.
 * const docs: UpstreamServer = {
 *   namespace: 'docs',
 *   features: {
 *     listPrompts: async () => [{ name: 'summarize', description: 'Summarize a page.' }],
 *     getPrompt: async (name) => ({
 *       messages: [{ role: 'user', content: { type: 'text', text: `Run the ${name} prompt.` } }],
 *     }),
 *     listResources: async () => [{ uri: 'file:///readme.md', name: 'readme' }],
 *     listResourceTemplates: async () => [],
 *     readResource: async (uri) => ({ contents: [{ uri, text: '# Read me' }] }),
 *     complete: async () => ({ completion: { values: [] } }),
 *   },
 * };
 * const catalog = new UpstreamCatalog(createArsenal(), [docs]);
 * const prompts = await catalog.listPrompts({ id: 'me' }); // [{ name: 'docs.summarize', ... }]
 * const page = await catalog.readResource('arsenal://docs/file:///readme.md', { id: 'me' });
 * ```
 */
export class UpstreamCatalog {
  readonly #arsenal: Arsenal;
  readonly #servers: ReadonlyMap<string, Upstream>;

  constructor(arsenal: Arsenal, servers: readonly UpstreamServer[]) {
    this.#arsenal = arsenal;
    this.#servers = new Map(
      servers.map((server) => [
        server.namespace,
        { id: server.namespace, ...bind(server.features) },
      ]),
    );
  }

  get isEmpty(): boolean {
    return this.#servers.size === 0;
  }

  /** Pass a client's `roots/list_changed` on to every upstream server (best effort). */
  async rootsChanged(roots?: { roots: { uri: string; name?: string }[] }): Promise<void> {
    await Promise.allSettled(
      [...this.#servers.values()].map((server) => server.rootsChanged?.(roots)),
    );
  }

  /** The upstream servers that support resource subscriptions. */
  subscribable(): Upstream[] {
    return [...this.#servers.values()].filter((server) => server.onResourceUpdated !== undefined);
  }

  /** Whether the policy lets the principal see `<server>.<name>`. */
  visible(server: string, name: string, principal: Principal | undefined): boolean {
    const pseudo = {
      name,
      namespace: server,
      qualifiedName: `${server}.${name}`,
      capabilities: [],
      metadata: {},
      requiresConfirmation: false,
    } as unknown as ToolDefinition;
    return (
      this.#arsenal.policy.evaluate({ tool: pseudo, arguments: {}, principal }).effect !== 'deny'
    );
  }

  /** Every upstream prompt the principal may see, under its exposed name (`<server>.<name>`). */
  async listPrompts(principal: Principal | undefined, signal?: AbortSignal): Promise<Prompt[]> {
    const lists = await this.#each((server) =>
      server
        .listPrompts(signal)
        .then((prompts) =>
          prompts
            .filter((prompt) => this.visible(server.id, prompt.name, principal))
            .map((prompt) => ({ ...prompt, name: exposedName(server.id, prompt.name) })),
        ),
    );
    return lists.flat();
  }

  /** One prompt by its exposed name; a name the principal may not see is refused as unknown. */
  async getPrompt(
    name: string,
    args: Record<string, string> | undefined,
    principal: Principal | undefined,
    signal?: AbortSignal,
  ): Promise<GetPromptResult> {
    const { server, local } = this.#byName(name, principal, 'prompt');
    return server.getPrompt(local, args, signal);
  }

  /** Every upstream resource the principal may see, under its exposed URI and name. */
  async listResources(principal: Principal | undefined, signal?: AbortSignal): Promise<Resource[]> {
    const lists = await this.#each((server) =>
      server.listResources(signal).then((resources) =>
        resources
          .filter((resource) => this.visible(server.id, resource.uri, principal))
          .map((resource) => ({
            ...resource,
            uri: exposedUri(server.id, resource.uri),
            name: exposedName(server.id, resource.name),
          })),
      ),
    );
    return lists.flat();
  }

  /** Every upstream resource template the principal may see, under its exposed URI template and name. */
  async listResourceTemplates(
    principal: Principal | undefined,
    signal?: AbortSignal,
  ): Promise<ResourceTemplate[]> {
    const lists = await this.#each((server) =>
      server.listResourceTemplates(signal).then((templates) =>
        templates
          .filter((template) => this.visible(server.id, template.uriTemplate, principal))
          .map((template) => ({
            ...template,
            uriTemplate: exposedUri(server.id, template.uriTemplate),
            name: exposedName(server.id, template.name),
          })),
      ),
    );
    return lists.flat();
  }

  /** Read a resource by its exposed URI; the contents come back under exposed URIs too. */
  async readResource(
    uri: string,
    principal: Principal | undefined,
    signal?: AbortSignal,
  ): Promise<ReadResourceResult> {
    const { server, upstreamUri } = this.resolveUri(uri, principal);
    const result = await server.readResource(upstreamUri, signal);
    return {
      ...result,
      contents: result.contents.map((content) => ({
        ...content,
        uri: exposedUri(server.id, content.uri),
      })),
    };
  }

  /** Completions for an argument of an exposed prompt or resource template. */
  async complete(
    params: CompleteRequest['params'],
    principal: Principal | undefined,
    signal?: AbortSignal,
  ): Promise<CompleteResult> {
    const ref = params.ref;
    if (ref.type === 'ref/prompt') {
      const { server, local } = this.#byName(ref.name, principal, 'prompt');
      return server.complete({ ...params, ref: { ...ref, name: local } }, signal);
    }
    const { server, upstreamUri } = this.resolveUri(ref.uri, principal);
    return server.complete({ ...params, ref: { ...ref, uri: upstreamUri } }, signal);
  }

  /** Run `task` on every server; a server that fails is left out rather than failing the list. */
  async #each<T>(task: (server: Upstream) => Promise<T[]>): Promise<T[][]> {
    const settled = await Promise.allSettled([...this.#servers.values()].map(task));
    return settled.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : []));
  }

  #byName(
    name: string,
    principal: Principal | undefined,
    kind: string,
  ): { server: Upstream; local: string } {
    const dot = name.indexOf('.');
    let server = dot > 0 ? this.#servers.get(name.slice(0, dot)) : undefined;
    let local = name.slice(dot + 1);
    if (!server) {
      server = this.#servers.get('');
      local = name;
    }
    if (!server || !this.visible(server.id, local, principal)) {
      throw new ProtocolError(
        ErrorCode.InvalidParams,
        `Unknown ${kind} "${echoInput(name)}". Call ${kind}s/list for the available ${kind}s.`,
      );
    }
    return { server, local };
  }

  /** The upstream server and its URI for a URI a client sent; -32002 when unknown or hidden. */
  resolveUri(
    uri: string,
    principal: Principal | undefined,
  ): { server: Upstream; upstreamUri: string } {
    const rest = uri.startsWith(UPSTREAM_URI_PREFIX) ? uri.slice(UPSTREAM_URI_PREFIX.length) : '';
    const slash = rest.indexOf('/');
    let server = slash > 0 ? this.#servers.get(rest.slice(0, slash)) : undefined;
    let upstreamUri = rest.slice(slash + 1);
    if (!server) {
      server = this.#servers.get('');
      upstreamUri = uri;
    }
    if (!server || !this.visible(server.id, upstreamUri, principal)) {
      throw new ProtocolError(
        -32002,
        `Resource not found: "${echoInput(uri)}". Call resources/list for the available resources.`,
      );
    }
    return { server, upstreamUri };
  }
}
