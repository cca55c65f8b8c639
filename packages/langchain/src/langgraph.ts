export {
  type ArsenalAgentOptions,
  ArsenalAgentState,
  type ArsenalAgentStateType,
  type ConfirmationInterrupt,
  createArsenalAgent,
} from './langgraph/arsenal-agent.js';
export type { ToolSearchModeOptions } from './langgraph/tool-search-selection.js';
export {
  conversationQuery,
  type SelectedTool,
  type SelectToolsOptions,
  selectTools,
  type ToolSelection,
} from './langgraph/tool-selection.js';
