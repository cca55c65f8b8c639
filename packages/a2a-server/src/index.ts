export type { ArsenalA2aServerOptions, RunningA2aServer } from './a2a-server.js';
export { createA2aRoutes, startA2aServer } from './a2a-server.js';
export type { AgentCardOptions, CardAuth } from './agent-card.js';
export { buildAgentCard } from './agent-card.js';
export type { AgentExecutorOptions, DiscoveredTool } from './arsenal-agent-executor.js';
export { ArsenalAgentExecutor } from './arsenal-agent-executor.js';
export { PrincipalUser, principalOf } from './principal-user.js';
