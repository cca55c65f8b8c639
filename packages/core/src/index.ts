export type {
  ArsenalOptions,
  ArsenalRegisterOptions,
  DialectTool,
  DialectToolTypes,
  ListToolsOptions,
  QuarantinedTool,
  RegistrationSummary,
  RetrieveToolsOptions,
  SourceHandle,
} from './arsenal/arsenal.js';
export { Arsenal, createArsenal } from './arsenal/arsenal.js';
export type { EncodedToolList, EncodeWarning } from './arsenal/encode-tool-list.js';
export { encodeToolList } from './arsenal/encode-tool-list.js';
export * from './catalog/index.js';
export * from './errors/index.js';
export * from './events/index.js';
export * from './execution/index.js';
export * from './execution/shared-state/index.js';
export * from './hash/index.js';
export * from './hygiene/index.js';
export * from './memory/index.js';
export * from './planning/index.js';
export * from './policy/index.js';
export * from './ports/index.js';
export * from './registry/index.js';
export * from './retrieval/index.js';
export * from './schema/index.js';
export * from './text/index.js';
export * from './tool/index.js';
