export {
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
export { llamaIndexToolName } from './tool-name.js';
