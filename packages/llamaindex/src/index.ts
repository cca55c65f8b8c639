export {
  type ArsenalAgent,
  type ArsenalAgentOptions,
  type ArsenalAgentRun,
  createArsenalAgent,
} from './arsenal-agent.js';
export {
  type ArsenalToolOptions,
  ArsenalToolRetriever,
  type ArsenalToolRetrieverOptions,
  type ConfirmationRequest,
  toLlamaIndexTool,
} from './arsenal-tool.js';
export { type ArsenalWorkflowOptions, createArsenalWorkflow } from './arsenal-workflow.js';
export {
  type ArsenalConfirmationRequestData,
  type ArsenalRunResult,
  type ArsenalStepSelection,
  type ArsenalToolCallData,
  type ArsenalToolResultData,
  arsenalConfirmationEvent,
  arsenalConfirmationRequestEvent,
  arsenalStartEvent,
  arsenalStepEvent,
  arsenalStopEvent,
  arsenalToolCallEvent,
  arsenalToolResultEvent,
} from './arsenal-workflow-events.js';
export { llamaIndexToolName } from './tool-name.js';
export type { ToolSearchModeOptions } from './workflow-tool-search.js';
