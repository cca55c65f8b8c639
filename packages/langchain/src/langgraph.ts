export {
  type ArsenalAgentOptions,
  ArsenalAgentState,
  type ArsenalAgentStateType,
  type ConfirmationInterrupt,
  createArsenalAgent,
} from './langgraph/arsenal-agent.js';
export {
  conversationQuery,
  type SelectedTool,
  type SelectToolsOptions,
  selectTools,
  type ToolSelection,
} from './langgraph/tool-selection.js';
