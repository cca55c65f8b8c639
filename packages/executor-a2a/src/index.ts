export {
  A2aCardError,
  A2aSkillMissingError,
  A2aTaskError,
  A2aUnavailableError,
} from './a2a-errors.js';
export type { A2aAgentLink, A2aExecutorOptions } from './a2a-executor.js';
export { A2aExecutor, skillIdOf } from './a2a-executor.js';
export type { A2aToolSourceChange } from './a2a-tool-source.js';
export { A2aToolSource, createA2aToolSource } from './a2a-tool-source.js';
export type { FetchedCard } from './agent-card.js';
export { CARD_PATHS, fetchAgentCard, validateAgentCard } from './agent-card.js';
export type { A2aCallMode, A2aCredentials, A2aToolSourceOptions } from './options.js';
export { acceptsData, skillToolName, toAgentNamespace } from './skill-mapping.js';
export type {
  A2aResultArtifact,
  A2aResultPart,
  A2aTaskStateName,
  A2aToolResult,
} from './task-tracker.js';
