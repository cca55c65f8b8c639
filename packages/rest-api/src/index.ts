export * from './confirmation-schemas.js';
export * from './console-schemas.js';
export { arsenalDialects } from './dialect-routes.js';
export type { BodyLimits } from './http-io.js';
export { parseWith, readJsonBody, sendJson } from './http-io.js';
export { InvocationOwners, type InvocationOwnership } from './invocation-owners.js';
export type { OpenApiOptions } from './openapi.js';
export { createOpenApiDocument } from './openapi.js';
export {
  MemoryPendingConfirmations,
  type PendingConfirmationEntry,
  type PendingConfirmations,
  SharedPendingConfirmations,
} from './pending-confirmations.js';
export type { ProblemDetails } from './problem-details.js';
export {
  isRestApiError,
  PROBLEM_CONTENT_TYPE,
  PROBLEM_TYPE_PREFIX,
  problemFromError,
  problemFromToolResult,
  RestApiError,
  sendProblem,
  statusForCode,
} from './problem-details.js';
export type { RestApi, RestApiOptions } from './rest-api.js';
export { createRestApi, MANAGE_TOOLS_CAPABILITY } from './rest-api.js';
export type { RestServerOptions, RunningRestServer } from './rest-server.js';
export { startRestServer } from './rest-server.js';
export type {
  DialectEncodingView,
  DialectsProvider,
  PinnedToolView,
  PinsProvider,
  RouteDependencies,
} from './route-context.js';
export { ownerOf } from './route-context.js';
export type { HttpMethod, Route, RouteContext } from './router.js';
export * from './schemas.js';
export {
  SharedInvocationOwners,
  type SharedOwnershipOptions,
} from './shared-invocation-owners.js';
