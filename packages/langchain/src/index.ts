export {
  type ArsenalToolOptions,
  type ConfirmationAnswer,
  type ConfirmationRequest,
  type RetrieveLangChainToolsOptions,
  retrieveLangChainTools,
  toLangChainTool,
} from './arsenal-tool.js';
export { type FromLangChainToolOptions, fromLangChainTool } from './from-langchain-tool.js';
export { isToolResultOk, toolResultContent } from './tool-content.js';
export { langChainToolName } from './tool-name.js';
