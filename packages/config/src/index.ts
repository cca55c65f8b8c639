/**
 * Load `arsenal.yaml` and build an Arsenal from it. `loadConfig` reads the file (and `.env` beside
 * it), substitutes `${VAR}` references and validates the result, throwing a `ConfigFileError` that
 * names the line and key of every problem and never prints a secret; `createArsenalFromConfig`
 * then imports the adapters it names by package, applies the policy, registers catalogs, inline
 * tools, HTTP, OpenAPI, UTCP and A2A sources, and connects every MCP server to aggregate, with the
 * tools approved in `arsenal.lock.json` pinned. The pin-lock helpers read and write that lock
 * file for `arsenal approve` and `arsenal diff`.
 *
 * @packageDocumentation
 */
export { importPackage, loadAdapter } from './adapter-loader.js';
export type { ConfigIssue } from './config-error.js';
export { ConfigFileError, REDACTED, redactConfig, redactText } from './config-error.js';
export type { ConfiguredArsenal, CreateFromConfigOptions } from './create-arsenal.js';
export { createArsenalFromConfig } from './create-arsenal.js';
export { parseDotEnv } from './env-substitution.js';
export type { LoadConfigOptions, ParseConfigOptions } from './load-config.js';
export { loadConfig, parseConfig } from './load-config.js';
export type { McpListedTool, PinLock, PinnedServer, PinnedTool } from './pin-lock.js';
export {
  approvedContentHashes,
  approvedHashes,
  emptyPinLock,
  lockPathFor,
  pinTool,
  readPinLock,
  writePinLock,
} from './pin-lock.js';
export type {
  A2aAgentConfig,
  AdapterConfig,
  ArsenalConfig,
  McpServerConfig,
  ServeConfig,
} from './schema.js';
export { arsenalConfigSchema } from './schema.js';
