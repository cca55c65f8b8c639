import { ArsenalError } from '@arsenal/core';
import type { ChatMessage } from '@llamaindex/core/llms';
import type { Workflow } from '@llamaindex/workflow';
import {
  type ArsenalConfirmationRequestData,
  type ArsenalRunResult,
  arsenalConfirmationEvent,
  arsenalConfirmationRequestEvent,
  arsenalErrorEvent,
  arsenalStartEvent,
  arsenalStopEvent,
} from './arsenal-workflow-events.js';

export interface ArsenalWorkflowRunOptions {
  /** Earlier turns of the conversation, sent before the query. */
  chatHistory?: ChatMessage[];
  /** Answers a held call: true runs it, false rejects it. */
  onConfirmation?: (request: ArsenalConfirmationRequestData) => boolean | Promise<boolean>;
  /** Stops waiting for the run. */
  signal?: AbortSignal;
}

/**
 * Starts a run of `workflow` and reads its stream to the answer, answering held calls through
 * `onConfirmation`; a run that needs a confirmation nobody can give fails with
 * `confirmation_required`.
 */
export async function runToAnswer(
  workflow: Workflow,
  query: string,
  runOptions: ArsenalWorkflowRunOptions,
): Promise<ArsenalRunResult> {
  const { stream, sendEvent } = workflow.createContext();
  sendEvent(arsenalStartEvent.with({ query, chatHistory: runOptions.chatHistory }));
  const reader = stream.getReader();
  for (;;) {
    const { done, value: event } = await reader.read();
    if (done) break;
    runOptions.signal?.throwIfAborted();
    if (arsenalErrorEvent.include(event)) {
      reader.releaseLock();
      throw event.data.error;
    }
    if (arsenalStopEvent.include(event)) {
      reader.releaseLock();
      return event.data;
    }
    if (arsenalConfirmationRequestEvent.include(event)) {
      if (!runOptions.onConfirmation) {
        throw new ArsenalError(
          'confirmation_required',
          `The call to ${event.data.qualifiedName} waits for confirmation "${event.data.confirmationId}": pass onConfirmation to run(), or drive workflow.createContext() yourself and send arsenalConfirmationEvent.`,
        );
      }
      const approved = await runOptions.onConfirmation(event.data);
      sendEvent(
        arsenalConfirmationEvent.with({ confirmationId: event.data.confirmationId, approved }),
      );
    }
  }
  throw new ArsenalError('internal', 'The workflow ended without an answer.');
}
