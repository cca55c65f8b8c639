import type { Tool } from '@modelcontextprotocol/sdk/types.js';

export const FIND_RELEVANT_TOOLS = 'find_relevant_tools';
export const DESCRIBE_TOOL = 'describe_tool';
export const EXECUTE_TOOL = 'execute_tool';
export const CONFIRM_TOOL_CALL = 'confirm_tool_call';

export const META_TOOL_NAMES: readonly string[] = [
  FIND_RELEVANT_TOOLS,
  DESCRIBE_TOOL,
  EXECUTE_TOOL,
  CONFIRM_TOOL_CALL,
];

/** Most tools one `find_relevant_tools` call may return. */
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

/** The meta-tools of dynamic and hybrid mode, in listing order. */
export function discoveryMetaTools(): Tool[] {
  return [findRelevantTools, describeTool, executeTool];
}

export function confirmationMetaTool(): Tool {
  return confirmToolCall;
}
