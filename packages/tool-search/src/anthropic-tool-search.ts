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
  MISSING_QUERY,
  parseArguments,
  type SkippedTool,
  searchQuery,
  ToolSearchConversation,
  type ToolSearchOptions,
} from './tool-search-session.js';

/** A Messages API client tool (`Tool`), with `defer_loading` when it is deferred. */
export interface AnthropicTool {
  name: string;
  description?: string;
  input_schema: { type: 'object'; [keyword: string]: unknown };
  defer_loading?: boolean;
  cache_control?: { type: 'ephemeral' };
  [field: string]: unknown;
}

/** A `tool_use` content block of an assistant message. */
export interface AnthropicToolUse {
  type: 'tool_use';
  id: string;
  name: string;
  input: unknown;
  [field: string]: unknown;
}

/** A `tool_reference` block: names a deferred tool to load (inside a `tool_result`). */
export interface AnthropicToolReference {
  type: 'tool_reference';
  tool_name: string;
}

export interface AnthropicTextBlock {
  type: 'text';
  text: string;
}

/** A `tool_result` block for the next user message. */
export interface AnthropicToolResult {
  type: 'tool_result';
  tool_use_id: string;
  content: string | (AnthropicToolReference | AnthropicTextBlock)[];
  is_error?: boolean;
}

export interface AnthropicToolSearchOptions extends ToolSearchOptions {
  /** Encodes each tool. Default: the Arsenal's `anthropic` transcoder. */
  transcoder?: Transcoder;
  /** The custom search tool's name. Default `search_tools`. */
  searchToolName?: string;
  /** The custom search tool's description. */
  searchDescription?: string;
  /**
   * A prompt-cache breakpoint on the last tool of the list, e.g. `{ type: 'ephemeral' }`: the
   * tools never change, so the whole list is a stable cached prefix.
   */
  cacheControl?: { type: 'ephemeral' };
}

const SEARCH_TOOL_NAME = 'search_tools';
const SEARCH_DESCRIPTION =
  'Search the tool catalog by what you need to do, in plain words. The best matching tools are loaded and can be called right after. Search before calling a tool that is not loaded yet.';
const NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * Arsenal as a custom tool search for Anthropic's Messages API: `tools` lists the custom search
 * tool, pinned tools eager, and every other tool with `defer_loading: true` — the same bytes on
 * every turn. A conversation answers the search tool's `tool_use` with a `tool_result` of
 * `tool_reference` blocks naming what Arsenal's retrieval found, and runs other calls through
 * `arsenal.execute`.
 *
 * @example
 * const search = createAnthropicToolSearch(arsenal, { principal });
 * const conversation = search.conversation(threadId);
 * const message = await anthropic.messages.create({ model, max_tokens, tools: search.tools, messages });
 * messages.push({ role: 'assistant', content: message.content });
 * messages.push({ role: 'user', content: await conversation.respond(message.content) });
 */
export function createAnthropicToolSearch(
  arsenal: Arsenal,
  options: AnthropicToolSearchOptions = {},
): AnthropicToolSearch {
  return new AnthropicToolSearch(arsenal, options);
}

export class AnthropicToolSearch {
  /** The request's `tools`: deterministic, unchanged by searches (the cached prefix survives). */
  readonly tools: readonly AnthropicTool[];
  readonly catalog: DeferredCatalog;
  readonly searchToolName: string;
  /** Tools the transcoder could not encode, left out of the list (with the reason). */
  readonly skipped: SkippedTool[] = [];
  readonly #conversations: ConversationStore<AnthropicToolSearchConversation>;

  constructor(
    readonly arsenal: Arsenal,
    readonly options: AnthropicToolSearchOptions = {},
  ) {
    const transcoder = options.transcoder ?? arsenal.transcoder('anthropic');
    this.searchToolName = options.searchToolName ?? SEARCH_TOOL_NAME;
    if (!NAME_PATTERN.test(this.searchToolName)) {
      throw new InvalidArgumentError(
        `searchToolName "${this.searchToolName}" is not a valid Anthropic tool name: use 1-64 letters, digits, "_" or "-".`,
      );
    }
    const raw = new Map<string, Record<string, unknown>>();
    this.catalog = new DeferredCatalog(arsenal, options, (tool) => {
      const encoded = encodeOrSkip(transcoder, tool, undefined, this.skipped);
      if (encoded) raw.set(tool.qualifiedName, checkShape(transcoder, tool, encoded));
      return encoded !== undefined;
    });
    if (this.catalog.find(this.searchToolName)) {
      throw new InvalidArgumentError(
        `A registered tool is already named "${this.searchToolName}": pick another \`searchToolName\`.`,
      );
    }
    const search: AnthropicTool = {
      name: this.searchToolName,
      description: options.searchDescription ?? SEARCH_DESCRIPTION,
      input_schema: {
        type: 'object',
        properties: {
          query: {
            type: 'string',
            description:
              'The task to find tools for, e.g. "refund an order" or "weather forecast".',
          },
        },
        required: ['query'],
      },
    };
    const encode = (entry: CatalogEntry) =>
      finishTool(transcoder, raw.get(entry.tool.qualifiedName)!, entry);
    const tools = [
      search,
      ...this.catalog.pinned.map(encode),
      ...this.catalog.deferred.map(encode),
    ];
    if (options.cacheControl) {
      const last = tools.length - 1;
      tools[last] = { ...tools[last]!, cache_control: options.cacheControl };
    }
    this.tools = tools;
    this.#conversations = new ConversationStore(
      () => new AnthropicToolSearchConversation(this, arsenal, options),
    );
  }

  /** The conversation with this id (created on first use); loaded tools are remembered in it. */
  conversation(id: string): AnthropicToolSearchConversation {
    return this.#conversations.get(id);
  }

  /** Forget a finished conversation. */
  endConversation(id: string): boolean {
    return this.#conversations.delete(id);
  }
}

function checkShape(
  transcoder: Transcoder,
  tool: ToolDefinition,
  encoded: Record<string, unknown>,
): Record<string, unknown> {
  if (encoded === null || typeof encoded !== 'object' || !('input_schema' in encoded)) {
    throw new TranscodeError(
      transcoder.dialect,
      `Tool search needs Anthropic tools ({ name, description, input_schema }), but the "${transcoder.dialect}" transcoder encoded "${tool.name}" in another shape. Pass createAnthropicTranscoder() as \`transcoder\`.`,
    );
  }
  return encoded;
}

function finishTool(
  transcoder: Transcoder,
  encoded: Record<string, unknown>,
  entry: CatalogEntry,
): AnthropicTool {
  if (!NAME_PATTERN.test(entry.wireName)) {
    throw new TranscodeError(
      transcoder.dialect,
      `Tool "${entry.reference}" would be sent as "${entry.wireName}", longer than Anthropic's 64 characters (its name is shared by another namespace). Rename one of the two tools.`,
    );
  }
  const tool = { ...encoded, name: entry.wireName } as AnthropicTool;
  if (!entry.pinned) tool.defer_loading = true;
  return tool;
}

/** One conversation: answers its searches with `tool_reference` blocks and runs its calls. */
export class AnthropicToolSearchConversation {
  readonly session: ToolSearchConversation;

  constructor(
    readonly search: AnthropicToolSearch,
    arsenal: Arsenal,
    options: AnthropicToolSearchOptions,
  ) {
    this.session = new ToolSearchConversation(arsenal, search.catalog, options);
  }

  /**
   * Answer the search tool's `tool_use`: a `tool_result` whose content is one `tool_reference`
   * per tool found and not loaded before, or a text saying that nothing new matched.
   */
  async answer(
    block: AnthropicToolUse,
    options: { signal?: AbortSignal } = {},
  ): Promise<AnthropicToolResult> {
    if (block?.type !== 'tool_use' || block.name !== this.search.searchToolName) {
      throw new InvalidArgumentError(
        `answer() takes the "${this.search.searchToolName}" tool_use block from the message content; use execute() for other tools.`,
      );
    }
    const args = parseArguments(block.input, `tool_use "${block.name}"`);
    const query = searchQuery(args);
    if (query === undefined) {
      return {
        type: 'tool_result',
        tool_use_id: block.id,
        content: [{ type: 'text', text: MISSING_QUERY }],
        is_error: true,
      };
    }
    const hits = await this.session.search(query, options);
    if (hits.loaded.length > 0) {
      return {
        type: 'tool_result',
        tool_use_id: block.id,
        content: hits.loaded.map((entry) => ({
          type: 'tool_reference',
          tool_name: entry.wireName,
        })),
      };
    }
    const already = hits.alreadyLoaded.map((entry) => entry.wireName);
    return {
      type: 'tool_result',
      tool_use_id: block.id,
      content: [
        {
          type: 'text',
          text:
            already.length > 0
              ? `No new tools: the best matches are already loaded (${already.join(', ')}). Call them, or search with other words.`
              : 'No tool matched. Search again with other words describing the task.',
        },
      ],
    };
  }

  /** Run a `tool_use` through Arsenal; refused unless the tool was loaded (or pinned). */
  async execute(
    block: AnthropicToolUse,
    options: { signal?: AbortSignal; query?: string } = {},
  ): Promise<{ result: ToolResult; block: AnthropicToolResult }> {
    if (block?.type !== 'tool_use' || typeof block.name !== 'string') {
      throw new InvalidArgumentError(
        'execute() takes a "tool_use" block from the message content.',
      );
    }
    const result = await this.session.execute(
      block.name,
      parseArguments(block.input, `tool_use "${block.name}"`),
      options,
    );
    return {
      result,
      block: {
        type: 'tool_result',
        tool_use_id: block.id,
        content: toolResultText(result),
        ...(result.status === 'success' ? {} : { is_error: true }),
      },
    };
  }

  /**
   * The content of the next user message: a `tool_result` for every `tool_use` in an assistant
   * message's content, in order (searches answered, other calls run).
   */
  async respond(
    content: readonly unknown[],
    options: { signal?: AbortSignal } = {},
  ): Promise<AnthropicToolResult[]> {
    const results: AnthropicToolResult[] = [];
    for (const block of content as AnthropicToolUse[]) {
      if (block?.type !== 'tool_use') continue;
      results.push(
        block.name === this.search.searchToolName
          ? await this.answer(block, options)
          : (await this.execute(block, options)).block,
      );
    }
    return results;
  }
}
