import {
  type Arsenal,
  InvalidArgumentError,
  type JsonSchema,
  type ToolDefinition,
  type ToolResult,
} from '@arsenal/core';
import { toolResultText } from './tool-result-text.js';
import {
  type CatalogEntry,
  ConversationStore,
  DeferredCatalog,
  MISSING_QUERY,
  parseArguments,
  searchQuery,
  ToolSearchConversation,
  type ToolSearchOptions,
} from './tool-search-session.js';

/** A tool as any function-calling API takes it: wrap it in your vendor's envelope. */
export interface SearchableTool {
  name: string;
  description: string;
  /** JSON Schema of the arguments. */
  parameters: JsonSchema;
  /** The Arsenal definition behind it; absent for the search tool. */
  definition?: ToolDefinition;
}

/** What a search tool call returns to the model: the loaded tools with their schemas. */
export interface SearchToolOutput {
  loaded: { name: string; description: string; parameters: JsonSchema }[];
  alreadyLoaded: string[];
  note: string;
}

/** The outcome of one call the model made. */
export type HandledCall =
  | { kind: 'search'; output: SearchToolOutput; text: string; loaded: SearchableTool[] }
  | { kind: 'call'; result: ToolResult; text: string };

export interface GenericToolSearchOptions extends ToolSearchOptions {
  /** The search tool's name. Default `search_tools`. */
  searchToolName?: string;
  /** The search tool's description. */
  searchDescription?: string;
}

const SEARCH_TOOL_NAME = 'search_tools';
const SEARCH_DESCRIPTION =
  'Search the tool catalog by what you need to do, in plain words. The matching tools are added to your tools for the next step; call them then.';

/**
 * Tool search for any model (Gemini, open models behind OpenAI-compatible chat APIs, MCP
 * clients): the model starts with a search tool and the pinned tools; each search returns the
 * found tools' schemas and adds them to the end of the tool list, so the list of turn N is a
 * prefix of turn N+1's. Calls run through `arsenal.execute`; calls to tools never loaded are
 * refused with a message to search first.
 *
 * @example
 * const search = createGenericToolSearch(arsenal, { principal });
 * const conversation = search.conversation(threadId);
 * const tools = conversation.tools(); // send, then for each call the model makes:
 * const { text } = await conversation.handle(call.name, call.arguments);
 */
export function createGenericToolSearch(
  arsenal: Arsenal,
  options: GenericToolSearchOptions = {},
): GenericToolSearch {
  return new GenericToolSearch(arsenal, options);
}

export class GenericToolSearch {
  readonly catalog: DeferredCatalog;
  readonly searchTool: SearchableTool;
  readonly #conversations: ConversationStore<GenericToolSearchConversation>;

  constructor(
    readonly arsenal: Arsenal,
    readonly options: GenericToolSearchOptions = {},
  ) {
    this.catalog = new DeferredCatalog(arsenal, options);
    const name = options.searchToolName ?? SEARCH_TOOL_NAME;
    if (this.catalog.find(name)) {
      throw new InvalidArgumentError(
        `A registered tool is already named "${name}": pick another \`searchToolName\`.`,
      );
    }
    this.searchTool = {
      name,
      description: options.searchDescription ?? SEARCH_DESCRIPTION,
      parameters: {
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
    this.#conversations = new ConversationStore(
      () => new GenericToolSearchConversation(this, arsenal, options),
    );
  }

  /** The conversation with this id (created on first use). */
  conversation(id: string): GenericToolSearchConversation {
    return this.#conversations.get(id);
  }

  endConversation(id: string): boolean {
    return this.#conversations.delete(id);
  }
}

export function searchableTool(entry: CatalogEntry): SearchableTool {
  return {
    name: entry.wireName,
    description: entry.tool.description,
    parameters: entry.tool.parametersSchema,
    definition: entry.tool,
  };
}

/** One conversation of the generic loop. */
export class GenericToolSearchConversation {
  readonly session: ToolSearchConversation;

  constructor(
    readonly search: GenericToolSearch,
    arsenal: Arsenal,
    options: GenericToolSearchOptions,
  ) {
    this.session = new ToolSearchConversation(arsenal, search.catalog, options);
  }

  /**
   * The tools for the next request: the search tool, the pinned tools, then every tool loaded so
   * far in the order it was loaded. Searches only append, so earlier lists are prefixes of later ones.
   */
  tools(): SearchableTool[] {
    return [
      this.search.searchTool,
      ...this.search.catalog.pinned.map(searchableTool),
      ...this.session.loaded.map(searchableTool),
    ];
  }

  /** Answer one call: the search tool searches and loads; any other tool runs through Arsenal. */
  async handle(
    name: string,
    args: unknown,
    options: { signal?: AbortSignal; query?: string } = {},
  ): Promise<HandledCall> {
    const parsed = parseArguments(args, `call of "${name}"`);
    if (name === this.search.searchTool.name) {
      const query = searchQuery(parsed);
      if (query === undefined) {
        const output: SearchToolOutput = { loaded: [], alreadyLoaded: [], note: MISSING_QUERY };
        return { kind: 'search', output, text: JSON.stringify(output), loaded: [] };
      }
      const hits = await this.session.search(query, options);
      const loaded = hits.loaded.map(searchableTool);
      const output: SearchToolOutput = {
        loaded: loaded.map(({ name, description, parameters }) => ({
          name,
          description,
          parameters,
        })),
        alreadyLoaded: hits.alreadyLoaded.map((entry) => entry.wireName),
        note:
          loaded.length > 0
            ? 'These tools are now in your tool list: call them by name.'
            : hits.alreadyLoaded.length > 0
              ? 'No new tools: the best matches are already in your tool list.'
              : 'No tool matched. Search again with other words describing the task.',
      };
      return { kind: 'search', output, text: JSON.stringify(output), loaded };
    }
    const result = await this.session.execute(name, parsed, options);
    return { kind: 'call', result, text: toolResultText(result) };
  }
}
