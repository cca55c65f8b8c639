import type { ProgressUpdate, ToolCallContext, ToolDefinition } from '@arsenal/core';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { McpToolSource } from '../mcp-tool-source.js';

export interface CallOptions {
  signal?: AbortSignal;
  onProgress?: (update: ProgressUpdate) => void;
}

export function callContext(tool: ToolDefinition, options: CallOptions = {}): ToolCallContext {
  return {
    signal: options.signal ?? new AbortController().signal,
    tool,
    callId: `call-${Math.random().toString(36).slice(2)}`,
    reportProgress: (update) => options.onProgress?.(update),
  };
}

export function findTool(tools: readonly ToolDefinition[], name: string): ToolDefinition {
  const tool = tools.find((candidate) => candidate.name === name);
  if (!tool) throw new Error(`no tool "${name}" among ${tools.map((t) => t.name).join(', ')}`);
  return tool;
}

/** Run one tool of a source the way the engine would: through its executor. */
export async function callTool(
  source: McpToolSource,
  tools: readonly ToolDefinition[],
  name: string,
  args: Record<string, unknown> = {},
  options: CallOptions = {},
): Promise<CallToolResult> {
  const tool = findTool(tools, name);
  return source.executor.execute({ tool, arguments: args, context: callContext(tool, options) });
}

/** The promise's rejection, so a test can assert on the error it got. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}
