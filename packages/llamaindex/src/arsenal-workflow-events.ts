import type { ArsenalError, ToolResult } from '@arsenal/core';
import type { ChatMessage } from '@llamaindex/core/llms';
import { workflowEvent } from '@llamaindex/workflow';
import type { ConfirmationRequest } from './arsenal-tool.js';

/** The tools Arsenal chose for one step of a run, with their scores. */
export interface ArsenalStepSelection {
  step: number;
  query: string;
  /** Tool names the model saw at this step, best first. */
  tools: string[];
  scores: Record<string, number>;
  traceId: string;
}

export interface ArsenalToolCallData {
  step: number;
  callId: string;
  tool: string;
  arguments: Record<string, unknown>;
}

export interface ArsenalToolResultData extends ArsenalToolCallData {
  status: ToolResult['status'];
  /** What the model reads. */
  output: string;
}

/** Sent by the workflow when a call waits for a human; answer with `arsenalConfirmationEvent`. */
export interface ArsenalConfirmationRequestData extends ConfirmationRequest {
  step: number;
  callId: string;
}

export interface ArsenalRunResult {
  result: string;
  /** Each step's selection, in order. */
  steps: ArsenalStepSelection[];
}

export const arsenalStartEvent = workflowEvent<{ query: string; chatHistory?: ChatMessage[] }>({
  debugLabel: 'arsenal-start',
});
export const arsenalStepEvent = workflowEvent<ArsenalStepSelection>({ debugLabel: 'arsenal-step' });
export const arsenalToolCallEvent = workflowEvent<ArsenalToolCallData>({
  debugLabel: 'arsenal-tool-call',
});
export const arsenalToolResultEvent = workflowEvent<ArsenalToolResultData>({
  debugLabel: 'arsenal-tool-result',
});
export const arsenalConfirmationRequestEvent = workflowEvent<ArsenalConfirmationRequestData>({
  debugLabel: 'arsenal-confirmation-request',
});
export const arsenalConfirmationEvent = workflowEvent<{
  confirmationId: string;
  approved: boolean;
}>({ debugLabel: 'arsenal-confirmation' });
export const arsenalStopEvent = workflowEvent<ArsenalRunResult>({ debugLabel: 'arsenal-stop' });
/** A run failed (step limit, retrieval or model error); `run()` throws it. */
export const arsenalErrorEvent = workflowEvent<{ error: ArsenalError }>({
  debugLabel: 'arsenal-error',
});
