import type { ServeConfig } from '@arsenal/config';
import type { Arsenal, StateStore } from '@arsenal/core';
import type { HttpRoute } from '@arsenal/mcp-server';
import { createRestApi } from '@arsenal/rest-api';

/** Where the REST API is mounted when `--rest` or `serve.rest: true` names no path. */
export const DEFAULT_REST_PATH = '/api';

/**
 * The REST API as a route of the MCP HTTP server, when `--rest` or `serve.rest` asks for it: it
 * shares the server's port, host checks, authentication and body limits. With a shared
 * StateStore (`state:`), invocation ownership lives there, so every replica answers for it.
 */
export function restRoutes(
  arsenal: Arsenal,
  serve: ServeConfig,
  requested: boolean | undefined,
  stateStore?: StateStore,
): HttpRoute[] {
  const rest = serve.rest;
  if (!requested && (rest === undefined || rest === false)) return [];
  const settings = typeof rest === 'object' ? rest : {};
  const capability = settings.manageCapability ?? 'admin';
  const api = createRestApi(arsenal, {
    basePath: settings.path ?? DEFAULT_REST_PATH,
    canManageTools: (principal) => principal?.capabilities?.includes(capability) === true,
    ...(serve.maxBodyBytes ? { maxBodyBytes: serve.maxBodyBytes } : {}),
    ...(serve.bodyTimeoutMs ? { bodyTimeoutMs: serve.bodyTimeoutMs } : {}),
    ...(serve.sseRetryMs ? { sseRetryMs: serve.sseRetryMs } : {}),
    ...(stateStore ? { stateStore } : {}),
  });
  return [api.route];
}
