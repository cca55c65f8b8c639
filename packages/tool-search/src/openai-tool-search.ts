import {
  type Arsenal,
  InvalidArgumentError,
  type ToolDefinition,
  type ToolResult,
  TranscodeError,
  type Transcoder,
} from '@arsenal/core';
import { toolResultText } from './tool-result-text.js';
import {
  type CatalogEntry,
  ConversationStore,
  DeferredCatalog,
  encodeOrSkip,
  parseArguments,
  type SkippedTool,
  searchQuery,
  ToolSearchConversation,
  type ToolSearchOptions,
} from './tool-search-session.js';

/** A Responses API function tool (`FunctionTool`), with `defer_loading` when it is deferred. */
export interface OpenAIFunctionTool {
  type: 'function';
  name: string;
  description?: string;
  parameters: Record<string, unknown> | null;
  strict: boolean | null;
  defer_loading?: boolean;
  [field: string]: unknown;
}

/** A Responses API `namespace` tool: a name and description the model sees, functions inside. */
export interface OpenAINamespaceTool {
  type: 'namespace';
  name: string;
  description: string;
  tools: OpenAIFunctionTool[];
}

/** The `tool_search` tool in client mode: the application answers each search. */
export interface OpenAIToolSearchTool {
  type: 'tool_search';
  execution: 'client';
  description: string;
  parameters: Record<string, unknown>;
}

export type OpenAIDeferredTool = OpenAIFunctionTool | OpenAINamespaceTool | OpenAIToolSearchTool;

/** The `tool_search_call` output item the model emits in client mode. */
export interface OpenAIToolSearchCall {
  type: 'tool_search_call';
  arguments: unknown;
  call_id?: string | null;
  id?: string | null;
  execution?: 'server' | 'client';
  status?: string | null;
}

/** The `tool_search_output` input item that answers it, carrying the loaded definitions. */
export interface OpenAIToolSearchOutput {
  type: 'tool_search_output';
  call_id: string | null;
  execution: 'client';
  status: 'completed';
  tools: (OpenAIFunctionTool | OpenAINamespaceTool)[];
}

/** A `function_call` output item (`namespace` set when the function sits in a namespace). */
export interface OpenAIFunctionCall {
  type: 'function_call';
  call_id: string;
  name: string;
  arguments: string;
  namespace?: string;
  id?: string;
  status?: string;
}

export interface OpenAIFunctionCallOutput {
  type: 'function_call_output';
  call_id: string;
  output: string;
}

export interface OpenAIToolSearchOptions extends ToolSearchOptions {
  /**
   * Encodes each tool in the Responses shape. Default: the Arsenal's `openai` transcoder, which
   * must be `createOpenAITranscoder({ api: 'responses' })`.
   */
  transcoder?: Transcoder;
  /** What the model reads for each namespace, by Arsenal namespace. Default: the tool names it holds. */
  namespaceDescriptions?: Readonly<Record<string, string>>;
  /** The search tool's description. */
  searchDescription?: string;
}

const DEFAULT_NAMESPACE = 'default';
const SEARCH_DESCRIPTION =
  'Search the tool catalog by what you need to do, in plain words. The best matching tools are loaded and can be called right after.';
const SEARCH_PARAMETERS = {
  type: 'object',
  properties: {
    query: {
      type: 'string',
      description: 'The task to find tools for, e.g. "refund an order" or "weather forecast".',
    },
  },
  required: ['query'],
  additionalProperties: false,
} as const;

/**
 * Arsenal as the search behind OpenAI's client-side `tool_search` (Responses API, gpt-5.4 and
 * later): `tools` is the request's tools array — Arsenal namespaces as `namespace` tools of
 * deferred functions, pinned tools eager, and `{ type: 'tool_search', execution: 'client' }` —
 * the same bytes on every turn; each conversation answers `tool_search_call` items with
 * Arsenal's retrieval and runs `function_call` items through `arsenal.execute`.
 *
 * @example
 * const search = createOpenAIToolSearch(arsenal, { principal, pinned: ['get_time'] });
 * const conversation = search.conversation(threadId);
 * let response = await openai.responses.create({ model, tools: search.tools, input });
 * input.push(...response.output, ...(await conversation.respond(response.output)));
 */
export function createOpenAIToolSearch(
  arsenal: Arsenal,
  options: OpenAIToolSearchOptions = {},
): OpenAIToolSearch {
  return new OpenAIToolSearch(arsenal, options);
}

export class OpenAIToolSearch {
  /** The request's `tools`: deterministic, unchanged by searches (the cached prefix survives). */
  readonly tools: readonly OpenAIDeferredTool[];
  readonly catalog: DeferredCatalog;
  /** Tools the transcoder could not encode, left out of the list (with the reason). */
  readonly skipped: SkippedTool[] = [];
  readonly #encoded = new Map<string, OpenAIFunctionTool>();
  readonly #namespaces = new Map<string, { wire: string; description: string }>();
  readonly #arsenalNamespace = new Map<string, string>();
  readonly #conversations: ConversationStore<OpenAIToolSearchConversation>;

  constructor(
    readonly arsenal: Arsenal,
    readonly options: OpenAIToolSearchOptions = {},
  ) {
    const transcoder = options.transcoder ?? arsenal.transcoder('openai');
    const raw = new Map<string, Record<string, unknown>>();
    this.catalog = new DeferredCatalog(arsenal, options, (tool) => {
      const encoded = encodeOrSkip(transcoder, tool, { strict: false }, this.skipped);
      if (encoded) raw.set(tool.qualifiedName, checkShape(transcoder, tool, encoded));
      return encoded !== undefined;
    });
    for (const entry of this.catalog.entries) {
      this.#encoded.set(
        entry.tool.qualifiedName,
        finishFunction(raw.get(entry.tool.qualifiedName)!, entry),
      );
    }
    this.tools = this.#buildTools(options);
    this.#conversations = new ConversationStore(
      () => new OpenAIToolSearchConversation(this, arsenal, options),
    );
  }

  /** The conversation with this id (created on first use); loaded tools are remembered in it. */
  conversation(id: string): OpenAIToolSearchConversation {
    return this.#conversations.get(id);
  }

  /** Forget a finished conversation. */
  endConversation(id: string): boolean {
    return this.#conversations.delete(id);
  }

  /** The definitions a `tool_search_output` carries for these tools, grouped as in `tools`. */
  definitions(entries: readonly CatalogEntry[]): (OpenAIFunctionTool | OpenAINamespaceTool)[] {
    const grouped = new Map<string, OpenAIFunctionTool[]>();
    const topLevel: OpenAIFunctionTool[] = [];
    for (const entry of entries) {
      const encoded = this.#encoded.get(entry.tool.qualifiedName)!;
      if (entry.tool.namespace === DEFAULT_NAMESPACE) {
        topLevel.push(encoded);
        continue;
      }
      const list = grouped.get(entry.tool.namespace) ?? [];
      list.push(encoded);
      grouped.set(entry.tool.namespace, list);
    }
    const namespaces = [...grouped].map(([namespace, tools]) => {
      const { wire, description } = this.#namespaces.get(namespace)!;
      return { type: 'namespace' as const, name: wire, description, tools };
    });
    return [...namespaces, ...topLevel];
  }

  /** The Arsenal namespace behind a namespace name the model used. */
  arsenalNamespace(wireNamespace: string): string | undefined {
    return this.#arsenalNamespace.get(wireNamespace);
  }

  #buildTools(options: OpenAIToolSearchOptions): OpenAIDeferredTool[] {
    const byNamespace = new Map<string, CatalogEntry[]>();
    for (const entry of this.catalog.entries) {
      const list = byNamespace.get(entry.tool.namespace) ?? [];
      list.push(entry);
      byNamespace.set(entry.tool.namespace, list);
    }
    for (const [namespace, entries] of byNamespace) {
      if (namespace === DEFAULT_NAMESPACE) continue;
      const wire = namespace.replace(/[^a-zA-Z0-9_-]/g, '_');
      const description =
        options.namespaceDescriptions?.[namespace] ??
        `Tools: ${entries.map((entry) => entry.tool.name).join(', ')}.`;
      this.#namespaces.set(namespace, { wire, description });
      this.#arsenalNamespace.set(wire, namespace);
    }
    const namespaced = this.definitions(
      this.catalog.entries.filter((entry) => entry.tool.namespace !== DEFAULT_NAMESPACE),
    );
    const topLevel = this.definitions(
      this.catalog.entries.filter((entry) => entry.tool.namespace === DEFAULT_NAMESPACE),
    );
    return [
      ...namespaced,
      ...topLevel,
      {
        type: 'tool_search',
        execution: 'client',
        description: options.searchDescription ?? SEARCH_DESCRIPTION,
        parameters: SEARCH_PARAMETERS,
      },
    ];
  }
}

function checkShape(
  transcoder: Transcoder,
  tool: ToolDefinition,
  encoded: Record<string, unknown>,
): Record<string, unknown> {
  if (encoded === null || encoded.type !== 'function' || typeof encoded.name !== 'string') {
    throw new TranscodeError(
      transcoder.dialect,
      `Tool search needs Responses API function tools ({ type: 'function', name, parameters }), but the "${transcoder.dialect}" transcoder encoded "${tool.name}" in another shape. Pass createOpenAITranscoder({ api: 'responses' }) as \`transcoder\`.`,
    );
  }
  return encoded;
}

function finishFunction(encoded: Record<string, unknown>, entry: CatalogEntry): OpenAIFunctionTool {
  const name = entry.tool.namespace === DEFAULT_NAMESPACE ? entry.wireName : entry.tool.name;
  const tool = { ...encoded, name } as OpenAIFunctionTool;
  if (!entry.pinned) tool.defer_loading = true;
  return tool;
}

/** One conversation: answers its tool searches and runs its function calls. */
export class OpenAIToolSearchConversation {
  readonly session: ToolSearchConversation;

  constructor(
    readonly search: OpenAIToolSearch,
    arsenal: Arsenal,
    options: OpenAIToolSearchOptions,
  ) {
    this.session = new ToolSearchConversation(arsenal, search.catalog, options);
  }

  /**
   * Answer a client-mode `tool_search_call` with a `tool_search_output` carrying the definitions
   * Arsenal's retrieval found that this conversation had not loaded yet. `paths` arguments (the
   * default client schema) load the named namespaces or functions as they are.
   */
  async answer(
    item: OpenAIToolSearchCall,
    options: { signal?: AbortSignal } = {},
  ): Promise<OpenAIToolSearchOutput> {
    if (item?.type !== 'tool_search_call') {
      throw new InvalidArgumentError(
        `answer() takes a "tool_search_call" item from response.output, got ${describe(item)}.`,
      );
    }
    if (item.execution === 'server') {
      throw new InvalidArgumentError(
        'This tool_search_call ran on OpenAI\'s side (execution "server"): only client-mode searches need an answer. Send `search.tools`, whose tool_search tool has execution "client".',
      );
    }
    const args = parseArguments(item.arguments, 'tool_search_call');
    let loaded: CatalogEntry[];
    if (Array.isArray(args.paths)) {
      loaded = this.session.load(this.#entriesForPaths(args.paths));
    } else {
      const query = searchQuery(args);
      // A search without a query loads nothing; the empty output tells the model so.
      loaded = query === undefined ? [] : (await this.session.search(query, options)).loaded;
    }
    return {
      type: 'tool_search_output',
      call_id: item.call_id ?? null,
      execution: 'client',
      status: 'completed',
      tools: this.search.definitions(loaded),
    };
  }

  /** Run a `function_call` through Arsenal; refused unless the function was loaded (or pinned). */
  async execute(
    item: OpenAIFunctionCall,
    options: { signal?: AbortSignal; query?: string } = {},
  ): Promise<{ result: ToolResult; output: OpenAIFunctionCallOutput }> {
    if (item?.type !== 'function_call' || typeof item.name !== 'string') {
      throw new InvalidArgumentError(
        `execute() takes a "function_call" item from response.output, got ${describe(item)}.`,
      );
    }
    const namespace =
      item.namespace !== undefined
        ? (this.search.arsenalNamespace(item.namespace) ?? item.namespace)
        : undefined;
    const result = await this.session.execute(
      item.name,
      parseArguments(item.arguments, `function_call "${item.name}"`),
      { ...options, ...(namespace !== undefined ? { namespace } : {}) },
    );
    return {
      result,
      output: {
        type: 'function_call_output',
        call_id: item.call_id,
        output: toolResultText(result),
      },
    };
  }

  /**
   * Everything a response asks of the application, answered in order: a `tool_search_output` per
   * `tool_search_call` (client mode) and a `function_call_output` per `function_call`. Append the
   * response's output, then these, to the next request's input.
   */
  async respond(
    output: readonly unknown[],
    options: { signal?: AbortSignal } = {},
  ): Promise<(OpenAIToolSearchOutput | OpenAIFunctionCallOutput)[]> {
    const answers: (OpenAIToolSearchOutput | OpenAIFunctionCallOutput)[] = [];
    for (const item of output as { type?: unknown; execution?: unknown }[]) {
      if (item?.type === 'tool_search_call' && item.execution !== 'server') {
        answers.push(await this.answer(item as OpenAIToolSearchCall, options));
      } else if (item?.type === 'function_call') {
        answers.push((await this.execute(item as OpenAIFunctionCall, options)).output);
      }
    }
    return answers;
  }

  #entriesForPaths(paths: readonly unknown[]): CatalogEntry[] {
    const entries: CatalogEntry[] = [];
    for (const path of paths) {
      if (typeof path !== 'string') continue;
      const namespace = this.search.arsenalNamespace(path);
      if (namespace !== undefined) {
        entries.push(
          ...this.search.catalog.entries.filter((entry) => entry.tool.namespace === namespace),
        );
        continue;
      }
      const [head, tail] = path.split('.', 2) as [string, string | undefined];
      const entry =
        tail !== undefined
          ? this.search.catalog.find(tail, this.search.arsenalNamespace(head) ?? head)
          : this.search.catalog.find(head);
      if (entry) entries.push(entry);
    }
    return entries;
  }
}

function describe(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? String(value);
  const type = (value as { type?: unknown }).type;
  return typeof type === 'string' ? `a "${type}" item` : 'an object without a "type"';
}
