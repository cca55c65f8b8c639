export {
  type ArsenalToolFailure,
  type ArsenalToolOptions,
  toAiSdkTool,
  toAiSdkToolSet,
} from './arsenal-tool.js';
export { aiSdkToolName } from './tool-name.js';
export type { ToolSearchModeOptions } from './tool-search-selection.js';
export {
  type ArsenalToolSelection,
  type ArsenalToolSelectionOptions,
  createArsenalToolSelection,
  type StepToolSelection,
} from './tool-selection.js';
