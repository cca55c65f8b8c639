/**
 * Serve an Arsenal as a Model Context Protocol server. `createArsenalMcpServer` wraps an Arsenal in
 * one of three modes: `static` lists every tool the caller may use, `dynamic` lists only the
 * meta-tools (`find_relevant_tools`, `describe_tool`, `execute_tool`, `confirm_tool_call`) so the
 * list never changes however large the catalog, and `hybrid` lists pinned tools beside them.
 * `startStdioServer` serves it to a desktop client; `startHttpServer` (or `createMcpHttpRoute` on
 * your own `@arsenal/http` front door) serves it over Streamable HTTP, one session per caller, so
 * each principal sees and calls only what the policy lets it. Prompts, resources and completions
 * of upstream MCP servers can be served beside the tools, namespaced and filtered the same way.
 *
 * @packageDocumentation
 */
export type { ArsenalMcpServerOptions, ServeMode } from './arsenal-mcp-server.js';
export { ArsenalMcpServer, createArsenalMcpServer, SERVE_MODES } from './arsenal-mcp-server.js';
export type { McpHttpRoute } from './http-server.js';
export { createMcpHttpRoute, startHttpServer } from './http-server.js';
export type {
  HttpRoute,
  HttpServerOptions,
  McpRouteOptions,
  ReadinessReport,
  RunningHttpServer,
} from './http-server-options.js';
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
export type { UpstreamFeatureAccess, UpstreamServer } from './upstream-catalog.js';
export {
  exposedName,
  exposedUri,
  UPSTREAM_URI_PREFIX,
  UpstreamCatalog,
} from './upstream-catalog.js';
