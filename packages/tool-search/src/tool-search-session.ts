import {
  type Arsenal,
  ArsenalError,
  type EncodeOptions,
  InvalidArgumentError,
  type Principal,
  type RetrievalRequest,
  type ToolCall,
  type ToolDefinition,
  type ToolResult,
  type Transcoder,
} from '@arsenal/core';

/** The settings every dialect shares: who searches, how many tools a search loads, what stays eager. */
export interface ToolSearchOptions {
  /** Who the conversation runs for: the catalog, every search and every call are policy-filtered by it. */
  principal?: Principal;
  /** Tools one search loads at most. Default 5. */
  limit?: number;
  /**
   * Tools sent eagerly (not deferred) on every turn, by name, `namespace.name` or qualified name.
   * They are always callable and never loaded by a search.
   */
  pinned?: readonly string[];
  /** Further retrieval settings for the search: token budget, filters, weights... */
  retrieval?: Omit<RetrievalRequest, 'query' | 'principal' | 'limit' | 'signal'>;
}

/** One catalog entry as the model sees it: a name unique in the conversation. */
export interface CatalogEntry {
  /** The name the model calls: the tool's name, or `namespace__name` when two namespaces share it. */
  wireName: string;
  /** `namespace.name`: how Arsenal resolves the call. */
  reference: string;
  tool: ToolDefinition;
  pinned: boolean;
}

/** A tool left out of a deferred list because the dialect cannot encode it, and why. */
export interface SkippedTool {
  qualifiedName: string;
  message: string;
}

/**
 * Encode `tool` with `transcoder`; a tool the dialect cannot express (a `TranscodeError` or any
 * other Arsenal error) is recorded in `skipped` and left out instead of failing the whole list.
 */
export function encodeOrSkip(
  transcoder: Transcoder,
  tool: ToolDefinition,
  options: EncodeOptions | undefined,
  skipped: SkippedTool[],
): Record<string, unknown> | undefined {
  try {
    return transcoder.encode(tool, options) as Record<string, unknown>;
  } catch (error) {
    if (!ArsenalError.isInstance(error)) throw error;
    skipped.push({ qualifiedName: tool.qualifiedName, message: error.message });
    return undefined;
  }
}

/** What one search found: the tools it loads now, and the ones the conversation already had. */
export interface ToolSearchHits {
  query: string;
  loaded: CatalogEntry[];
  alreadyLoaded: CatalogEntry[];
  traceId?: string;
}

const DEFAULT_LIMIT = 5;
/** The error code of a refused call to a tool the conversation never loaded. */
export const TOOL_NOT_LOADED = 'tool_not_loaded';

/**
 * The catalog a deferred tool list is built from, frozen when the list is built: the tools the
 * principal may see, latest version of each, sorted by `namespace.name`, so two processes with the
 * same registry produce the same bytes. Register new tools, then build a new list (a new prefix).
 */
export class DeferredCatalog {
  readonly entries: readonly CatalogEntry[];
  readonly #byWireName = new Map<string, CatalogEntry>();
  readonly #byReference = new Map<string, CatalogEntry>();
  readonly #byQualified = new Map<string, CatalogEntry>();

  /**
   * @param keep decides which visible tools enter the catalog (a dialect drops the ones it cannot
   *   encode); a pinned tool it drops is reported as missing.
   */
  constructor(
    arsenal: Arsenal,
    options: ToolSearchOptions,
    keep: (tool: ToolDefinition) => boolean = () => true,
  ) {
    const tools = arsenal
      .list(options.principal ? { principal: options.principal } : {})
      .filter((tool) => keep(tool));
    const nameCounts = new Map<string, number>();
    for (const tool of tools) nameCounts.set(tool.name, (nameCounts.get(tool.name) ?? 0) + 1);
    const pinned = new Set<string>();
    for (const reference of options.pinned ?? []) {
      const tool = tools.find(
        (candidate) =>
          candidate.qualifiedName === reference ||
          `${candidate.namespace}.${candidate.name}` === reference ||
          candidate.name === reference,
      );
      if (!tool) {
        throw new InvalidArgumentError(
          `Pinned tool "${reference}" is not in the catalog this principal sees. Register it first, or remove it from \`pinned\`.`,
        );
      }
      pinned.add(tool.qualifiedName);
    }
    this.entries = tools.map((tool) => ({
      wireName:
        (nameCounts.get(tool.name) ?? 0) > 1 ? `${tool.namespace}__${tool.name}` : tool.name,
      reference: `${tool.namespace}.${tool.name}`,
      tool,
      pinned: pinned.has(tool.qualifiedName),
    }));
    for (const entry of this.entries) {
      this.#byWireName.set(entry.wireName, entry);
      this.#byReference.set(entry.reference, entry);
      this.#byQualified.set(entry.tool.qualifiedName, entry);
    }
  }

  /** The entry a model's call names: its wire name, or `namespace` + name for namespaced calls. */
  find(name: string, namespace?: string): CatalogEntry | undefined {
    if (namespace !== undefined) return this.#byReference.get(`${namespace}.${name}`);
    return this.#byWireName.get(name) ?? this.#byReference.get(name);
  }

  byQualifiedName(qualifiedName: string): CatalogEntry | undefined {
    return this.#byQualified.get(qualifiedName);
  }

  get pinned(): CatalogEntry[] {
    return this.entries.filter((entry) => entry.pinned);
  }

  get deferred(): CatalogEntry[] {
    return this.entries.filter((entry) => !entry.pinned);
  }
}

/**
 * One conversation's memory of what it loaded: searches load tools once, and calls to deferred
 * tools that were never loaded are refused with a message telling the model to search first.
 * Every search goes through `arsenal.retrieve` and every call through `arsenal.execute`, with the
 * conversation's principal, so policy, validation, confirmation and audit apply unchanged.
 */
export class ToolSearchConversation {
  readonly #loaded = new Set<string>();
  readonly #order: CatalogEntry[] = [];

  constructor(
    readonly arsenal: Arsenal,
    readonly catalog: DeferredCatalog,
    readonly options: ToolSearchOptions,
  ) {}

  /** The tools loaded so far, in the order they were loaded. */
  get loaded(): readonly CatalogEntry[] {
    return this.#order;
  }

  isLoaded(entry: CatalogEntry): boolean {
    return entry.pinned || this.#loaded.has(entry.tool.qualifiedName);
  }

  /** Mark tools loaded (a client-side `select`, or a replayed conversation). */
  load(entries: readonly CatalogEntry[]): CatalogEntry[] {
    const fresh: CatalogEntry[] = [];
    for (const entry of entries) {
      if (this.isLoaded(entry)) continue;
      this.#loaded.add(entry.tool.qualifiedName);
      this.#order.push(entry);
      fresh.push(entry);
    }
    return fresh;
  }

  /**
   * Retrieve for `query` with the conversation's principal and settings, and load what is found.
   * Pinned tools are never returned (they are always there); tools the conversation already
   * loaded are reported apart so they are not sent twice.
   */
  async search(query: string, options: { limit?: number; signal?: AbortSignal } = {}) {
    if (typeof query !== 'string' || query.trim() === '') {
      throw new InvalidArgumentError(
        'A tool search needs a non-empty `query` string describing the task, e.g. "send an email".',
      );
    }
    const limit = options.limit ?? this.options.limit ?? DEFAULT_LIMIT;
    const pinned = this.catalog.pinned.map((entry) => entry.tool.qualifiedName);
    const result = await this.arsenal.retrieve({
      ...this.options.retrieval,
      query,
      // Pinned tools are already in the request: ask for enough to fill `limit` without them.
      limit: limit + pinned.length,
      ...(this.options.principal ? { principal: this.options.principal } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const found: CatalogEntry[] = [];
    for (const scored of result.tools) {
      const entry = this.catalog.byQualifiedName(scored.tool.qualifiedName);
      if (!entry || entry.pinned) continue;
      found.push(entry);
      if (found.length === limit) break;
    }
    const alreadyLoaded = found.filter((entry) => this.isLoaded(entry));
    const loaded = this.load(found);
    return { query, loaded, alreadyLoaded, traceId: result.traceId } satisfies ToolSearchHits;
  }

  /**
   * Run a model's call through `arsenal.execute`. A call to a deferred tool this conversation
   * never loaded is refused (status `not_found`, code `tool_not_loaded`) without running.
   */
  async execute(
    name: string,
    args: unknown,
    call: Omit<ToolCall, 'tool' | 'arguments' | 'principal'> & { namespace?: string } = {},
  ): Promise<ToolResult> {
    const { namespace, ...rest } = call;
    const entry = this.catalog.find(name, namespace);
    if (entry && !this.isLoaded(entry)) return notLoaded(name, entry);
    return this.arsenal.execute({
      ...rest,
      tool: entry ? entry.reference : namespace ? `${namespace}.${name}` : name,
      arguments: args,
      ...(this.options.principal ? { principal: this.options.principal } : {}),
    });
  }
}

function notLoaded(name: string, entry: CatalogEntry): ToolResult {
  const now = new Date().toISOString();
  return {
    callId: crypto.randomUUID(),
    tool: name,
    qualifiedName: entry.tool.qualifiedName,
    status: 'not_found',
    error: {
      code: TOOL_NOT_LOADED,
      message: `Tool "${name}" has not been loaded in this conversation. Search for it with the tool search tool first (a query such as "${entry.tool.description.slice(0, 60)}"), then call it.`,
      errorType: 'ToolNotLoaded',
      retryable: true,
    },
    queuedAt: now,
    completedAt: now,
    durationMs: 0,
    attempt: 0,
    traceId: crypto.randomUUID().replaceAll('-', ''),
    spanId: crypto.randomUUID().replaceAll('-', '').slice(0, 16),
  };
}

/** Arguments a model sent as an object or as a JSON string, as an object. */
export function parseArguments(raw: unknown, where: string): Record<string, unknown> {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = raw.trim() === '' ? {} : JSON.parse(raw);
    } catch (error) {
      throw new InvalidArgumentError(
        `${where}: the arguments are not valid JSON (${(error as Error).message}). Pass the item as the model returned it.`,
        { cause: error },
      );
    }
  }
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new InvalidArgumentError(`${where}: the arguments must be a JSON object.`);
  }
  return value as Record<string, unknown>;
}

/** What a search call without a usable query is told. */
export const MISSING_QUERY =
  'The search needs a `query`: a few words describing the task, e.g. "send an email".';

/** The search query a model's arguments carry, or undefined when there is none to search for. */
export function searchQuery(args: Record<string, unknown>): string | undefined {
  const query = args.query;
  return typeof query === 'string' && query.trim() !== '' ? query : undefined;
}

/** Keyed conversations, created on first use, so a server can hold many at once. */
export class ConversationStore<C> {
  readonly #conversations = new Map<string, C>();
  constructor(private readonly create: () => C) {}

  get(id: string): C {
    if (typeof id !== 'string' || id === '') {
      throw new InvalidArgumentError(
        'A conversation id must be a non-empty string (your thread or session id).',
      );
    }
    let conversation = this.#conversations.get(id);
    if (!conversation) {
      conversation = this.create();
      this.#conversations.set(id, conversation);
    }
    return conversation;
  }

  /** Forget a finished conversation. */
  delete(id: string): boolean {
    return this.#conversations.delete(id);
  }
}
