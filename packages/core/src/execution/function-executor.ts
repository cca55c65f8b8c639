import type { ExecutionRequest, Executor, ToolCallContext } from '../ports/executor.js';

/** An in-process tool implementation, as `defineTool` stores it. */
export type FunctionToolHandler = (args: never, context: ToolCallContext) => unknown;

/**
 * An Executor that runs one in-process handler. The registry binds one to every function tool;
 * a handler that throws synchronously becomes a rejected promise, never an escaped exception.
 *
 * @example
 * const executor = createFunctionExecutor(({ a, b }: { a: number; b: number }) => a + b);
 */
export function createFunctionExecutor(handler: FunctionToolHandler): Executor {
  const run = handler as (args: Record<string, unknown>, context: ToolCallContext) => unknown;
  return {
    kind: 'function',
    canExecute: () => true,
    async execute(request: ExecutionRequest): Promise<unknown> {
      return run(request.arguments, request.context);
    },
  };
}
