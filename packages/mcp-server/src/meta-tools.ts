import type { Tool } from '@modelcontextprotocol/sdk/types.js';

/**
 * The name of the meta-tool that searches the catalog: `find_relevant_tools(query, limit)`.
 *
 * @example
 * ```ts
 * import { createArsenal } from '@arsenal/core';
 * import { createArsenalMcpServer, FIND_RELEVANT_TOOLS } from '@arsenal/mcp-server';
 *
 * const mcp = createArsenalMcpServer({ arsenal: createArsenal(), mode: 'dynamic' });
 * const found = await mcp.callTool(FIND_RELEVANT_TOOLS, { query: 'convert dollars to euros', limit: 5 });
 * ```
 */
export const FIND_RELEVANT_TOOLS = 'find_relevant_tools';
/**
 * The name of the meta-tool that shows one tool in full: `describe_tool(tool_name)`.
 *
 * @example
 * ```ts
 * import { createArsenal } from '@arsenal/core';
 * import { createArsenalMcpServer, DESCRIBE_TOOL } from '@arsenal/mcp-server';
 *
 * const mcp = createArsenalMcpServer({ arsenal: createArsenal(), mode: 'dynamic' });
 * const described = await mcp.callTool(DESCRIBE_TOOL, { tool_name: 'get_weather' });
 * ```
 */
export const DESCRIBE_TOOL = 'describe_tool';
/**
 * The name of the meta-tool that runs a found tool: `execute_tool(tool_name, arguments)`.
 *
 * @example
 * ```ts
 * import { createArsenal } from '@arsenal/core';
 * import { createArsenalMcpServer, EXECUTE_TOOL } from '@arsenal/mcp-server';
 *
 * const mcp = createArsenalMcpServer({ arsenal: createArsenal(), mode: 'dynamic' });
 * const result = await mcp.callTool(EXECUTE_TOOL, {
 *   tool_name: 'get_weather',
 *   arguments: { city: 'Oslo' },
 * });
 * ```
 */
export const EXECUTE_TOOL = 'execute_tool';
/**
 * The name of the meta-tool that approves or declines a call waiting for a human: `confirm_tool_call(confirmation_id, approve)`.
 *
 * @example
 * ```ts
 * import { createArsenal } from '@arsenal/core';
 * import { CONFIRM_TOOL_CALL, createArsenalMcpServer } from '@arsenal/mcp-server';
 *
 * const mcp = createArsenalMcpServer({ arsenal: createArsenal() });
 * // The id comes from the `arsenal/confirmation` _meta of the result that asked for it.
 * const result = await mcp.callTool(CONFIRM_TOOL_CALL, { confirmation_id: 'c-123', approve: true });
 * ```
 */
export const CONFIRM_TOOL_CALL = 'confirm_tool_call';

/**
 * The names of every meta-tool, so a client can tell them from catalog tools.
 *
 * @example
 * ```ts
 * import { createArsenal } from '@arsenal/core';
 * import { createArsenalMcpServer, META_TOOL_NAMES } from '@arsenal/mcp-server';
 *
 * const mcp = createArsenalMcpServer({ arsenal: createArsenal(), mode: 'hybrid' });
 * const catalogTools = mcp.listTools().filter((tool) => !META_TOOL_NAMES.includes(tool.name));
 * ```
 */
export const META_TOOL_NAMES: readonly string[] = [
  FIND_RELEVANT_TOOLS,
  DESCRIBE_TOOL,
  EXECUTE_TOOL,
  CONFIRM_TOOL_CALL,
];

/**
 * Most tools one `find_relevant_tools` call may return.
 *
 * @example
 * ```ts
 * import { createArsenal } from '@arsenal/core';
 * import { createArsenalMcpServer, FIND_RELEVANT_TOOLS, MAX_FIND_LIMIT } from '@arsenal/mcp-server';
 *
 * const mcp = createArsenalMcpServer({ arsenal: createArsenal() });
 * const wanted = 100;
 * await mcp.callTool(FIND_RELEVANT_TOOLS, { query: 'send email', limit: Math.min(wanted, MAX_FIND_LIMIT) });
 * ```
 */
export const MAX_FIND_LIMIT = 25;

const findRelevantTools: Tool = {
  name: FIND_RELEVANT_TOOLS,
  title: 'Find relevant tools',
  description:
    'Search the tool catalog for the tools that fit a task. Returns their names, descriptions and input schemas; run one with execute_tool. Search again whenever the task changes.',
  inputSchema: {
    type: 'object',
    properties: {
      query: {
        type: 'string',
        minLength: 1,
        description: 'What you want to do, in plain words: "convert 100 USD to EUR".',
      },
      limit: {
        type: 'integer',
        minimum: 1,
        maximum: MAX_FIND_LIMIT,
        default: 5,
        description: 'Most tools to return.',
      },
    },
    required: ['query'],
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
};

const describeTool: Tool = {
  name: DESCRIBE_TOOL,
  title: 'Describe a tool',
  description:
    'Show everything about one tool: full description, input and output schemas, examples and whether it needs confirmation.',
  inputSchema: {
    type: 'object',
    properties: {
      tool_name: { type: 'string', minLength: 1, description: 'A name find_relevant_tools gave.' },
    },
    required: ['tool_name'],
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
};

const executeTool: Tool = {
  name: EXECUTE_TOOL,
  title: 'Execute a tool',
  description:
    'Run a tool found with find_relevant_tools. Pass its name and an arguments object matching its input schema. Errors explain what to fix.',
  inputSchema: {
    type: 'object',
    properties: {
      tool_name: { type: 'string', minLength: 1, description: 'The tool to run.' },
      arguments: {
        type: 'object',
        description: "Arguments matching the tool's input schema.",
        additionalProperties: true,
      },
    },
    required: ['tool_name'],
  },
};

const confirmToolCall: Tool = {
  name: CONFIRM_TOOL_CALL,
  title: 'Confirm a tool call',
  description:
    'Run (approve: true) or cancel (approve: false) a tool call that answered "needs a human confirmation". Only call it after the user has explicitly approved that call.',
  inputSchema: {
    type: 'object',
    properties: {
      confirmation_id: {
        type: 'string',
        minLength: 1,
        description: 'The id the pending call returned.',
      },
      approve: {
        type: 'boolean',
        default: true,
        description: 'false cancels the call.',
      },
    },
    required: ['confirmation_id'],
  },
  annotations: { destructiveHint: true },
};

/**
 * The meta-tools of dynamic and hybrid mode, in listing order.
 *
 * @example
 * ```ts
 * import { discoveryMetaTools } from '@arsenal/mcp-server';
 *
 * discoveryMetaTools().map((tool) => tool.name);
 * // ['find_relevant_tools', 'describe_tool', 'execute_tool']
 * ```
 */
export function discoveryMetaTools(): Tool[] {
  return [findRelevantTools, describeTool, executeTool];
}

/**
 * The `confirm_tool_call` meta-tool, listed in every mode unless `confirmationTool` is false.
 *
 * @example
 * ```ts
 * import { confirmationMetaTool } from '@arsenal/mcp-server';
 *
 * const tool = confirmationMetaTool();
 * console.log(tool.name, tool.inputSchema.required); // confirm_tool_call ['confirmation_id']
 * ```
 */
export function confirmationMetaTool(): Tool {
  return confirmToolCall;
}
