import type { ExecutionRequest, Executor, ToolCallContext } from '../ports/executor.js';
import type { ToolDefinition } from '../tool/tool-definition.js';

/** An in-process tool implementation, as `defineTool` stores it. */
export type FunctionToolHandler = (args: never, context: ToolCallContext) => unknown;

type Handler = (args: Record<string, unknown>, context: ToolCallContext) => unknown;

/**
 * An Executor that runs one in-process handler. `execute` keeps the Executor contract (a promise;
 * a handler that throws synchronously becomes a rejected promise). The engine calls `runNow`
 * instead, so a handler that answers at once is answered without a promise and the turns it costs
 * (two promises and their reactions were a fifth of what a no-op call allocated).
 */
export class FunctionExecutor implements Executor {
  readonly kind = 'function';
  readonly #handler: Handler;
  readonly #accepts: ((tool: ToolDefinition) => boolean) | undefined;

  /** `accepts`: the tools it runs (every tool when absent). */
  constructor(handler: FunctionToolHandler, accepts?: (tool: ToolDefinition) => boolean) {
    this.#handler = handler as Handler;
    this.#accepts = accepts;
  }

  canExecute(tool: ToolDefinition): boolean {
    return this.#accepts ? this.#accepts(tool) : true;
  }

  execute(request: ExecutionRequest): Promise<unknown> {
    try {
      return Promise.resolve(this.#handler(request.arguments, request.context));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** The handler's answer as it gives it: a value, or a promise when it is async. Throws what it throws. */
  runNow(args: Record<string, unknown>, context: ToolCallContext): unknown {
    return this.#handler(args, context);
  }
}

/**
 * An Executor that runs one in-process handler. The registry binds one to every function tool;
 * a handler that throws synchronously becomes a rejected promise, never an escaped exception.
 *
 * @example
 * const executor = createFunctionExecutor(({ a, b }: { a: number; b: number }) => a + b);
 */
export function createFunctionExecutor(handler: FunctionToolHandler): Executor {
  return new FunctionExecutor(handler);
}
