export { closestNames, editDistance } from '../text/suggest.js';
export type {
  ListOptions,
  RegisterOptions,
  RegistrationOutcome,
  RegistryChange,
  ToolRegistration,
} from './tool-registry.js';
export { createToolRegistry, ToolRegistry } from './tool-registry.js';
export type { ResolvedTool, ToolResolver } from './types.js';
