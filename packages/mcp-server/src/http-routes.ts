import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Principal } from '@arsenal/core';
import type { HttpRoute } from './http-server-options.js';

/** The route serving a path: its own path or anything under it. */
export function findRoute(
  routes: readonly HttpRoute[] | undefined,
  pathname: string,
): HttpRoute | undefined {
  return routes?.find((route) => pathname === route.path || pathname.startsWith(`${route.path}/`));
}

/** Run a route; its own failure never takes the server down: the caller gets a 500. */
export async function runRoute(
  route: HttpRoute,
  request: IncomingMessage,
  response: ServerResponse,
  principal: Principal | undefined,
): Promise<void> {
  try {
    await route.handle(request, response, principal);
  } catch (error) {
    if (response.headersSent) {
      response.destroy(error as Error);
      return;
    }
    response.writeHead(500, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: { code: 'internal', message: 'The request failed.' } }));
  }
}
