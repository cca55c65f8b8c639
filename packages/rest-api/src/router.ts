import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Principal } from '@arsenal/core';
import { RestApiError } from './problem-details.js';

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

/** What a handler gets: the request, its principal, path parameters and query. */
export interface RouteContext {
  request: IncomingMessage;
  response: ServerResponse;
  principal: Principal | undefined;
  params: Readonly<Record<string, string>>;
  query: URLSearchParams;
  /** The request path as the client sent it, for problem `instance`. */
  instance: string;
}

export interface Route {
  method: HttpMethod;
  /** Path template relative to the API root: `/tools/{name}`. */
  path: string;
  handle(context: RouteContext): Promise<void>;
}

interface CompiledRoute extends Route {
  segments: string[];
}

function split(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

function matchSegments(
  template: readonly string[],
  actual: readonly string[],
): Record<string, string> | undefined {
  if (template.length !== actual.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, part] of template.entries()) {
    const value = actual[index] ?? '';
    if (part.startsWith('{') && part.endsWith('}')) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(value);
      } catch {
        return undefined;
      }
      params[part.slice(1, -1)] = decoded;
    } else if (part !== value) {
      return undefined;
    }
  }
  return params;
}

/** Routes by method and path template; an unknown path is 404, a known one with the wrong method 405. */
export class Router {
  readonly #routes: CompiledRoute[];

  constructor(routes: readonly Route[]) {
    this.#routes = routes.map((route) => ({ ...route, segments: split(route.path) }));
  }

  /** The route for a request, or a RestApiError saying why there is none. */
  find(
    method: string,
    pathname: string,
  ): { route: Route; params: Record<string, string> } | RestApiError {
    const actual = split(pathname);
    const allowed = new Set<string>();
    for (const route of this.#routes) {
      const params = matchSegments(route.segments, actual);
      if (!params) continue;
      if (route.method === method || (method === 'HEAD' && route.method === 'GET')) {
        return { route, params };
      }
      allowed.add(route.method);
    }
    if (allowed.size === 0) {
      const paths = [...new Set(this.#routes.map((route) => route.path))].join(', ');
      return new RestApiError(
        404,
        'not_found',
        `No endpoint at "${pathname}". The API serves: ${paths}; its description is at /openapi.json.`,
      );
    }
    if (allowed.has('GET')) allowed.add('HEAD');
    const allow = [...allowed].sort().join(', ');
    return new RestApiError(
      405,
      'method_not_allowed',
      `${method} is not allowed on "${pathname}"; use ${allow}.`,
      { headers: { allow } },
    );
  }
}
