export type { ConnectionState } from './mcp-connection.js';
export { McpToolError } from './mcp-errors.js';
export { McpExecutor, mcpNameOf } from './mcp-executor.js';
export type { McpToolSourceChange } from './mcp-tool-source.js';
export { createMcpToolSource, McpToolSource } from './mcp-tool-source.js';
export type {
  McpHttpTransportOptions,
  McpLogMessage,
  McpPinningOptions,
  McpRestartOptions,
  McpSseTransportOptions,
  McpStdioTransportOptions,
  McpToolSourceOptions,
  McpTransportOptions,
  PinningFinding,
  SkippedTool,
} from './options.js';
export { assignToolNames, describeMcpTool, toNamespace } from './tool-mapping.js';
export { pinHashOf } from './tool-pinning.js';
export type { UpstreamAccess } from './upstream-features.js';
export { UpstreamFeatures } from './upstream-features.js';
