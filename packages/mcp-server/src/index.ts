export type { ArsenalMcpServerOptions, ServeMode } from './arsenal-mcp-server.js';
export { ArsenalMcpServer, createArsenalMcpServer, SERVE_MODES } from './arsenal-mcp-server.js';
export type { HttpCredential, RequestAuthenticator } from './http-auth.js';
export { createTokenAuthenticator, presentedToken } from './http-auth.js';
export type { HttpServerOptions, RunningHttpServer } from './http-server.js';
export { startHttpServer } from './http-server.js';
export {
  CONFIRM_TOOL_CALL,
  confirmationMetaTool,
  DESCRIBE_TOOL,
  discoveryMetaTools,
  EXECUTE_TOOL,
  FIND_RELEVANT_TOOLS,
  MAX_FIND_LIMIT,
  META_TOOL_NAMES,
} from './meta-tools.js';
export type { RunningStdioServer, StdioServerOptions } from './stdio-server.js';
export { startStdioServer } from './stdio-server.js';
export type { CallContext } from './tool-calls.js';
export { CONFIRMATION_META_KEY, ERROR_META_KEY } from './tool-results.js';
