export type {
  ParsedManual,
  SkippedUtcpTool,
  UtcpAuth,
  UtcpCall,
  UtcpCallType,
  UtcpToolSpec,
} from './manual-format.js';
export { parseUtcpManual } from './manual-format.js';
export type { UtcpRoute, UtcpRouteOptions } from './serve-manual.js';
export {
  buildServedManual,
  createUtcpRoute,
  SERVED_UTCP_VERSION,
  servedToolName,
} from './serve-manual.js';
export { arsenalToolName, splitCommand, toHttpAuth } from './to-sources.js';
export type { UtcpManualSourceOptions } from './utcp-manual-source.js';
export { createUtcpManualSource, UtcpManualSource } from './utcp-manual-source.js';
export type { VariableSources } from './variables.js';
export { substituteVariables, variableNamespace } from './variables.js';
