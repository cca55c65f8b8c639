export { closestNames, editDistance } from './suggest.js';
export { ToolRegistry, createToolRegistry } from './tool-registry.js';
export type {
  ListOptions,
  RegisterOptions,
  RegistrationOutcome,
  RegistryChange,
  ToolRegistration,
} from './tool-registry.js';
export type { ResolvedTool, ToolResolver } from './types.js';
