// Tools and an engine wired to in-memory telemetry and history, shared by the engine's tests.
// Test-only: the build and the dependency check leave `*-test-support.ts` files out.
import { createInMemoryTelemetry } from '../events/telemetry.js';
import { createInMemoryHistoryStore } from '../memory/in-memory-history-store.js';
import type { ToolCallContext } from '../ports/executor.js';
import type { ResolvedTool } from '../registry/types.js';
import type { StandardSchemaV1 } from '../schema/standard-schema.js';
import { createToolDefinition } from '../tool/create-tool-definition.js';
import type { ToolDefinitionInput } from '../tool/tool-definition.js';
import { createExecutionEngine, type ExecutionEngineOptions } from './engine.js';
import { createFunctionExecutor } from './function-executor.js';
import { createStaticToolResolver } from './static-resolver.js';

export type Handler = (args: Record<string, unknown>, context: ToolCallContext) => unknown;

/** A resolved tool that runs `handler`, with an empty object schema unless `extra` says. */
export function tool(
  name: string,
  handler: Handler,
  extra: Partial<ToolDefinitionInput> = {},
  inputSchema?: StandardSchemaV1,
): ResolvedTool {
  const definition = createToolDefinition({
    name,
    description: `Test tool ${name}, used by the execution engine tests.`,
    parametersSchema: { type: 'object', properties: {} },
    ...extra,
  });
  return {
    definition,
    executor: createFunctionExecutor(handler),
    ...(inputSchema ? { inputSchema } : {}),
  };
}

/** An engine over `tools` (alias `weather` → `get_weather`), with its telemetry and history. */
export function setup(tools: ResolvedTool[], options: Partial<ExecutionEngineOptions> = {}) {
  const telemetry = createInMemoryTelemetry();
  const history = createInMemoryHistoryStore();
  const engine = createExecutionEngine({
    resolver: createStaticToolResolver(tools, { weather: 'get_weather' }),
    telemetry,
    historyStore: history,
    ...options,
  });
  return { engine, telemetry, history };
}
