/**
 * The one front door of every Arsenal HTTP surface. `startHttpHost` runs a `node:http` server on
 * which the MCP endpoint, the REST API, the A2A agent and the console mount as routes
 * (`HttpRoute`): it answers the health and readiness probes, checks `Host` and `Origin` against
 * DNS rebinding, authenticates callers with static tokens or OAuth 2.1 bearer JWTs into one
 * identity model (`callerKey`), reads bodies within limits and writes every refusal as an RFC 9457
 * problem or a JSON-RPC error, so no surface has its own auth, host check, body limit or error
 * page. The other exports are the pieces for a surface that reads bodies, refuses requests or
 * advertises its authentication the same way.
 *
 * @packageDocumentation
 */
export type {
  AuthenticationOptions,
  AuthenticationSummary,
} from './authentication.js';
export {
  authenticateRequest,
  buildAuthenticator,
  requiresAuthentication,
  summarizeAuthentication,
} from './authentication.js';
export type { BodyLimits, BodyOutcome } from './body.js';
export { bodyRefusal, parseJson, readBody } from './body.js';
export type { NumericRange } from './bounds.js';
export { boundedNumber, FRONT_DOOR_RANGES, MAX_TIMER_MS } from './bounds.js';
export type {
  AuthOutcome,
  AuthRefusal,
  HttpCredential,
  RequestAuthenticator,
} from './credentials.js';
export { createTokenAuthenticator, isAuthRefusal, presentedToken } from './credentials.js';
export type { HostCheckOptions } from './host-check.js';
export {
  isLoopbackHost,
  parseHostHeader,
  passesHostCheck,
  rebindingRefusal,
} from './host-check.js';
export type {
  HttpHostOptions,
  HttpRoute,
  RouteContext,
  RunningHttpHost,
} from './http-host.js';
export { findRoute, startHttpHost } from './http-host.js';
export {
  ANONYMOUS_KEY_PREFIX,
  callerKey,
  OAUTH_PRINCIPAL_PREFIX,
  oauthPrincipalId,
  reservedPrincipalIdProblem,
} from './identity.js';
export {
  createJwtAuthenticator,
  firstAuthenticator,
  principalFromClaims,
  tokenScopes,
} from './jwt-authenticator.js';
export type { OAuthResourceOptions } from './oauth-resource.js';
export {
  bearerChallenge,
  DEFAULT_JWT_ALGORITHMS,
  metadataPaths,
  metadataUrl,
  protectedResourceMetadata,
} from './oauth-resource.js';
export type { ReadinessCaller, ReadinessReport } from './probes.js';
export { HEALTH_PATH, InFlightRequests, READY_PATH } from './probes.js';
export type { HttpRefusal, RefusalFormat } from './refusals.js';
export {
  JSON_RPC_INVALID_REQUEST,
  JSON_RPC_PARSE_ERROR,
  JSON_RPC_SERVER_ERROR,
  PROBLEM_CONTENT_TYPE,
  PROBLEM_TYPE_PREFIX,
  refusalBody,
  sendRefusal,
} from './refusals.js';
