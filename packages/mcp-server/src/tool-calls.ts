import type {
  Arsenal,
  CallCancellation,
  ClientRequests,
  Principal,
  ProgressUpdate,
  ToolCall,
  ToolDefinition,
  ToolLogEntry,
  ToolResult,
} from '@arsenal/core';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ConfirmationOwners } from './confirmation-owners.js';
import { MAX_FIND_LIMIT } from './meta-tools.js';
import { echoInput } from './protocol-errors.js';
import type { ToolCatalog } from './tool-catalog.js';
import { errorResult, toCallToolResult } from './tool-results.js';

/**
 * What the transport layer gives one `tools/call`.
 *
 * @example
 * ```ts
 * import { createArsenal } from '@arsenal/core';
 * import { type CallContext, createArsenalMcpServer } from '@arsenal/mcp-server';
 *
 * const mcp = createArsenalMcpServer({ arsenal: createArsenal(), mode: 'static' });
 * const context: CallContext = {
 *   principal: { id: 'me' },
 *   signal: AbortSignal.timeout(30_000),
 *   onProgress: (update) => console.error('progress', update.progress),
 *   askConfirmation: async (message) => {
 *     console.error(message);
 *     return false; // declined
 *   },
 * };
 * await mcp.callTool('send_email', { to: 'a@example.com' }, context);
 * ```
 */
export interface CallContext {
  principal?: Principal;
  signal?: AbortSignal;
  /** Cancels the call as `signal` does, without a signal per call (see `ToolCall.cancellation`). */
  cancellation?: CallCancellation;
  /** Progress of the running tool, passed on as MCP progress notifications. */
  onProgress?: (update: ProgressUpdate) => void;
  /** Log entries of the running tool, with the tool's name as the client knows it. */
  onLog?: (entry: ToolLogEntry, tool: string) => void;
  /**
   * Ask the human through MCP elicitation. Resolves true (approved), false (declined) or
   * undefined when the client cannot be asked; absent when the client declared no support.
   */
  askConfirmation?: (message: string) => Promise<boolean | undefined>;
  /** What the running tool may ask of this client (elicitation, sampling, roots). */
  client?: ClientRequests;
}

const DEFAULT_FIND_LIMIT = 5;
/** Callers whose recent find_relevant_tools results are remembered (oldest forgotten first). */
const REMEMBERED_CALLERS = 1000;

function logTo(
  onLog: (entry: ToolLogEntry, tool: string) => void,
  tool: string,
): (entry: ToolLogEntry) => void {
  return (entry) => onLog(entry, tool);
}

function ownerKey(principal: Principal | undefined): string {
  return principal ? `principal:${principal.id}` : 'anonymous';
}

/** Runs tool calls and the meta-tools against an Arsenal, for one server. */
export class ToolCalls {
  readonly #arsenal: Arsenal;
  readonly #catalog: ToolCatalog;
  readonly #owners = new ConfirmationOwners();
  /**
   * Per caller, the query that last offered each tool: when the model then runs one of them
   * with execute_tool and it succeeds, Arsenal learns that the tool answers such queries.
   */
  readonly #offered = new Map<string, Map<string, string>>();

  constructor(arsenal: Arsenal, catalog: ToolCatalog) {
    this.#arsenal = arsenal;
    this.#catalog = catalog;
  }

  /** Run a catalog tool: policy, confirmation (elicited when possible), execution, mapping. */
  async run(
    tool: ToolDefinition,
    args: unknown,
    context: CallContext,
    query?: string,
  ): Promise<CallToolResult> {
    const listedName = this.#catalog.nameOf(tool);
    // One literal with every field the call may carry, absent ones undefined: every call has the
    // same shape (no spread per optional field, no field added after the object is made).
    const onLog = context.onLog;
    const call: ToolCall = {
      tool: tool.qualifiedName,
      arguments: args ?? {},
      audience: 'caller',
      query: query || undefined,
      principal: context.principal || undefined,
      signal: context.signal || undefined,
      cancellation: context.cancellation || undefined,
      onProgress: context.onProgress || undefined,
      onLog: onLog ? logTo(onLog, listedName) : undefined,
      client: context.client || undefined,
    };
    const result = await this.#arsenal.execute(call);
    if (result.status !== 'pending_confirmation' || !result.confirmation) {
      return toCallToolResult(result, listedName);
    }
    const confirmation = result.confirmation;
    if (context.askConfirmation) {
      const approved = await context.askConfirmation(
        `Allow the tool call "${listedName}"? It needs a human confirmation because ${confirmation.reason}.\nArguments: ${JSON.stringify(args ?? {}, null, 2)}`,
      );
      if (approved === true) return this.#settled(await this.#arsenal.confirm(confirmation.id));
      if (approved === false) return this.#settled(await this.#arsenal.reject(confirmation.id));
    }
    this.#owners.remember(confirmation.id, ownerKey(context.principal), confirmation.expiresAt);
    return toCallToolResult(result, listedName);
  }

  async findRelevantTools(args: Record<string, unknown>, principal: Principal | undefined) {
    const query = args.query;
    if (typeof query !== 'string' || query.trim() === '') {
      return errorResult('invalid_argument', 'Pass "query": a non-empty description of the task.');
    }
    const limit = args.limit ?? DEFAULT_FIND_LIMIT;
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1) {
      return errorResult(
        'invalid_argument',
        `"limit" must be an integer from 1 to ${MAX_FIND_LIMIT}.`,
      );
    }
    const retrieval = await this.#arsenal.retrieve({
      query,
      limit: Math.min(limit, MAX_FIND_LIMIT),
      ...(principal ? { principal } : {}),
      audience: 'caller',
    });
    const tools = retrieval.tools
      .filter((scored) => this.#catalog.isVisible(scored.tool, principal))
      .map((scored) => {
        const encoded = this.#catalog.encode(scored.tool);
        return {
          name: encoded.name,
          description: encoded.description ?? scored.tool.description,
          inputSchema: encoded.inputSchema,
          ...(scored.tool.requiresConfirmation ? { requiresConfirmation: true } : {}),
        };
      });
    this.#rememberOffer(
      ownerKey(principal),
      query,
      retrieval.tools.map((scored) => scored.tool),
    );
    const structured = { query, tools };
    return {
      content: [{ type: 'text', text: JSON.stringify(structured, null, 2) }],
      structuredContent: structured,
    } satisfies CallToolResult;
  }

  describeTool(args: Record<string, unknown>, principal: Principal | undefined): CallToolResult {
    const found = this.#lookup(args.tool_name, principal);
    if ('error' in found) return found.error;
    const tool = found.tool;
    const encoded = this.#catalog.encode(tool);
    const description = {
      name: encoded.name,
      qualifiedName: tool.qualifiedName,
      ...(tool.title === undefined ? {} : { title: tool.title }),
      description: tool.extendedDescription ?? tool.description,
      inputSchema: encoded.inputSchema,
      ...(encoded.outputSchema ? { outputSchema: encoded.outputSchema } : {}),
      ...(encoded.annotations ? { annotations: encoded.annotations } : {}),
      requiresConfirmation: tool.requiresConfirmation,
      capabilities: [...tool.capabilities],
      tags: [...tool.tags],
      examples: [...tool.examples],
    };
    return {
      content: [{ type: 'text', text: JSON.stringify(description, null, 2) }],
      structuredContent: description,
    };
  }

  async executeTool(args: Record<string, unknown>, context: CallContext): Promise<CallToolResult> {
    const found = this.#lookup(args.tool_name, context.principal);
    if ('error' in found) return found.error;
    const toolArguments = args.arguments ?? {};
    if (
      typeof toolArguments !== 'object' ||
      toolArguments === null ||
      Array.isArray(toolArguments)
    ) {
      return errorResult(
        'invalid_argument',
        `"arguments" must be an object matching the input schema of "${this.#catalog.nameOf(found.tool)}".`,
      );
    }
    const query = this.#offered.get(ownerKey(context.principal))?.get(found.tool.qualifiedName);
    return this.run(found.tool, toolArguments, context, query);
  }

  #rememberOffer(owner: string, query: string, tools: readonly ToolDefinition[]): void {
    let offers = this.#offered.get(owner);
    if (offers) this.#offered.delete(owner);
    else offers = new Map();
    this.#offered.set(owner, offers);
    for (const tool of tools) {
      offers.delete(tool.qualifiedName);
      offers.set(tool.qualifiedName, query);
    }
    while (offers.size > MAX_FIND_LIMIT * 4) offers.delete(offers.keys().next().value as string);
    while (this.#offered.size > REMEMBERED_CALLERS) {
      this.#offered.delete(this.#offered.keys().next().value as string);
    }
  }

  async confirmToolCall(
    args: Record<string, unknown>,
    principal: Principal | undefined,
  ): Promise<CallToolResult> {
    const id = args.confirmation_id;
    if (typeof id !== 'string' || id === '') {
      return errorResult(
        'invalid_argument',
        'Pass "confirmation_id" as a pending call returned it.',
      );
    }
    const approve = args.approve ?? true;
    if (typeof approve !== 'boolean') {
      return errorResult('invalid_argument', '"approve" must be true or false.');
    }
    // Confirmation ids are bearer secrets of the caller that got them; nobody else may use one.
    if (!this.#owners.take(id, ownerKey(principal))) {
      return errorResult(
        'confirmation_invalid',
        `Confirmation "${id}" is unknown, expired or was already used. Make the call again to get a new confirmation id.`,
      );
    }
    const result = approve ? await this.#arsenal.confirm(id) : await this.#arsenal.reject(id);
    return this.#settled(result);
  }

  #settled(result: ToolResult): CallToolResult {
    const tool = result.qualifiedName
      ? this.#arsenal.registry.get(result.qualifiedName)
      : undefined;
    return toCallToolResult(result, tool ? this.#catalog.nameOf(tool) : result.tool);
  }

  #lookup(
    name: unknown,
    principal: Principal | undefined,
  ): { tool: ToolDefinition } | { error: CallToolResult } {
    if (typeof name !== 'string' || name === '') {
      return {
        error: errorResult(
          'invalid_argument',
          'Pass "tool_name": a name find_relevant_tools returned.',
        ),
      };
    }
    const tool = this.#catalog.find(name, principal);
    if (tool) return { tool };
    const suggestions = this.#catalog.suggest(name, principal);
    const error = errorResult(
      'tool_not_found',
      `Tool "${echoInput(name)}" not found.${
        suggestions.length > 0
          ? ` Did you mean ${suggestions.map((s) => `"${s}"`).join(' or ')}?`
          : ' Search with find_relevant_tools.'
      }`,
    );
    return { error };
  }
}
