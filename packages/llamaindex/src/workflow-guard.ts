import { ArsenalError } from '@arsenal/core';
import type { WorkflowContext, WorkflowEventData } from '@llamaindex/workflow';
import { arsenalErrorEvent } from './arsenal-workflow-events.js';

/** Turns a handler's failure into `arsenalErrorEvent`, so it reaches the stream's reader. */
export function guard<Data, Result>(
  handler: (context: WorkflowContext, event: WorkflowEventData<Data>) => Promise<Result>,
) {
  return async (context: WorkflowContext, event: WorkflowEventData<Data>) => {
    try {
      return await handler(context, event);
    } catch (error) {
      return arsenalErrorEvent.with({
        error: ArsenalError.isInstance(error)
          ? error
          : new ArsenalError('execution_failed', `The workflow step failed: ${String(error)}`, {
              cause: error,
            }),
      });
    }
  };
}
