export {
  type AnthropicTextBlock,
  type AnthropicTool,
  type AnthropicToolReference,
  type AnthropicToolResult,
  AnthropicToolSearch,
  AnthropicToolSearchConversation,
  type AnthropicToolSearchOptions,
  type AnthropicToolUse,
  createAnthropicToolSearch,
} from './anthropic-tool-search.js';
export {
  createGenericToolSearch,
  GenericToolSearch,
  GenericToolSearchConversation,
  type GenericToolSearchOptions,
  type HandledCall,
  type SearchableTool,
  type SearchToolOutput,
} from './generic-tool-search.js';
export {
  createOpenAIToolSearch,
  type OpenAIDeferredTool,
  type OpenAIFunctionCall,
  type OpenAIFunctionCallOutput,
  type OpenAIFunctionTool,
  type OpenAINamespaceTool,
  OpenAIToolSearch,
  type OpenAIToolSearchCall,
  OpenAIToolSearchConversation,
  type OpenAIToolSearchOptions,
  type OpenAIToolSearchOutput,
  type OpenAIToolSearchTool,
} from './openai-tool-search.js';
export { toolResultText } from './tool-result-text.js';
export {
  type LoopMessage,
  type LoopModel,
  type LoopModelTurn,
  type LoopToolCall,
  runToolSearchLoop,
  type ToolSearchLoopOptions,
  type ToolSearchLoopResult,
} from './tool-search-loop.js';
export {
  type CatalogEntry,
  DeferredCatalog,
  type SkippedTool,
  TOOL_NOT_LOADED,
  ToolSearchConversation,
  type ToolSearchHits,
  type ToolSearchOptions,
} from './tool-search-session.js';
