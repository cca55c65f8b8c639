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
