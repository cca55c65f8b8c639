import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Arsenal, JsonSchema, Principal, ToolDefinition, ToolResult } from '@arsenal/core';

/** The UTCP version of the manuals Arsenal serves. */
export const SERVED_UTCP_VERSION = '1.0.1';

export interface UtcpRouteOptions {
  /** Where clients reach this server, e.g. `http://127.0.0.1:8765`; call templates point here. */
  baseUrl: string | (() => string);
  /** Path of the manual; calls go to `<path>/call/<tool>`. Default `/utcp`. */
  path?: string;
  /** Version of the catalog, as the manual's `manual_version`. Default `1.0.0`. */
  manualVersion?: string;
  /** Largest call body accepted. Default 1 MiB. */
  maxBodyBytes?: number;
  /**
   * The variable the served call templates take the `Authorization` header from, so a UTCP client
   * sends the same credential it used to read the manual (`<manual>_TOKEN`, e.g. `Bearer …`).
   * `false` serves templates without auth. Default `TOKEN`.
   */
  authVariable?: string | false;
}

/** A route an HTTP server mounts: it has already checked the host and authenticated the caller. */
export interface UtcpRoute {
  path: string;
  handle(
    request: IncomingMessage,
    response: ServerResponse,
    principal: Principal | undefined,
  ): Promise<void>;
}

/** How a tool is named in the manual: `namespace.name`, or `name` in the default namespace. */
export function servedToolName(tool: ToolDefinition): string {
  return tool.namespace === 'default' ? tool.name : `${tool.namespace}.${tool.name}`;
}

/** Listed and callable here: not deprecated, and visible to the caller (`arsenal.isVisible`). */
function visible(
  arsenal: Arsenal,
  tool: ToolDefinition,
  principal: Principal | undefined,
): boolean {
  return !tool.deprecated && arsenal.isVisible(tool, principal);
}

/**
 * Arsenal's catalog as a UTCP 1.x manual: every tool the principal may see, each with an `http`
 * call template that posts `{ "arguments": {...} }` back to Arsenal (UTCP sends one argument as
 * the body, so a tool's parameters sit under `arguments`).
 */
export function buildServedManual(
  arsenal: Arsenal,
  principal: Principal | undefined,
  options: {
    baseUrl: string;
    path?: string;
    manualVersion?: string;
    authVariable?: string | false;
  },
) {
  const variable = options.authVariable ?? 'TOKEN';
  const auth = variable
    ? {
        auth: {
          auth_type: 'api_key',
          api_key: `\${${variable}}`,
          var_name: 'Authorization',
          location: 'header',
        },
      }
    : {};
  const path = options.path ?? '/utcp';
  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    utcp_version: SERVED_UTCP_VERSION,
    manual_version: options.manualVersion ?? '1.0.0',
    tools: arsenal.registry
      .list()
      .filter((tool) => visible(arsenal, tool, principal))
      .map((tool) => ({
        name: servedToolName(tool),
        description: tool.description,
        inputs: {
          type: 'object',
          properties: { arguments: tool.parametersSchema as JsonSchema },
          required: ['arguments'],
        },
        outputs: {},
        tags: [...tool.tags],
        tool_call_template: {
          name: 'arsenal',
          call_template_type: 'http',
          http_method: 'POST',
          url: `${base}${path}/call/${encodeURIComponent(servedToolName(tool))}`,
          content_type: 'application/json',
          body_field: 'arguments',
          ...auth,
        },
      })),
  };
}

const STATUS_OF: Record<string, number> = {
  invalid_arguments: 400,
  permission_denied: 403,
  pending_confirmation: 409,
  rate_limited: 429,
  circuit_open: 503,
  timeout: 504,
  cancelled: 499,
};

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  response.end(text);
}

function problem(response: ServerResponse, status: number, code: string, message: string): void {
  send(response, status, { error: { code, message } });
}

async function readJson(request: IncomingMessage, max: number): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > max)
      throw Object.assign(new Error(`the body is over ${max} bytes`), { status: 413 });
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw Object.assign(new Error('the body is not JSON'), { status: 400 });
  }
}

function resultStatus(result: ToolResult): number {
  if (result.status === 'success') return 200;
  return STATUS_OF[result.status] ?? STATUS_OF[result.error?.code ?? ''] ?? 502;
}

/**
 * The UTCP route for an HTTP server: `GET <path>` answers the manual for the caller, and
 * `POST <path>/call/<tool>` runs the tool through `arsenal.execute` as that caller (policy,
 * confirmation, audit). A tool the caller may not see is "not found", never listed.
 */
export function createUtcpRoute(arsenal: Arsenal, options: UtcpRouteOptions): UtcpRoute {
  const path = options.path ?? '/utcp';
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
  const baseUrl = () =>
    typeof options.baseUrl === 'function' ? options.baseUrl() : options.baseUrl;
  return {
    path,
    async handle(request, response, principal) {
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (url.pathname === path) {
        if (request.method !== 'GET')
          return problem(response, 405, 'method_not_allowed', `Use GET ${path} for the manual.`);
        return send(
          response,
          200,
          buildServedManual(arsenal, principal, {
            baseUrl: baseUrl(),
            path,
            ...(options.manualVersion ? { manualVersion: options.manualVersion } : {}),
          }),
        );
      }
      const prefix = `${path}/call/`;
      if (!url.pathname.startsWith(prefix))
        return problem(response, 404, 'not_found', `Not found; the manual is at ${path}.`);
      if (request.method !== 'POST')
        return problem(response, 405, 'method_not_allowed', 'Call a tool with POST.');
      let name: string;
      try {
        name = decodeURIComponent(url.pathname.slice(prefix.length));
      } catch {
        return problem(
          response,
          400,
          'invalid_argument',
          'The tool name in the path is not valid percent-encoding.',
        );
      }
      const tool = arsenal.registry.list().find((t) => servedToolName(t) === name);
      if (!tool || !visible(arsenal, tool, principal)) {
        return problem(
          response,
          404,
          'tool_not_found',
          `No tool "${name.slice(0, 200)}" for this caller; GET ${path} lists the tools.`,
        );
      }
      const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
      if (type && type !== 'application/json') {
        return problem(
          response,
          415,
          'unsupported_media_type',
          'Send the arguments as application/json.',
        );
      }
      let body: unknown;
      try {
        body = await readJson(request, maxBodyBytes);
      } catch (error) {
        const status = (error as { status?: number }).status ?? 400;
        return problem(
          response,
          status,
          status === 413 ? 'payload_too_large' : 'invalid_argument',
          `Bad request: ${(error as Error).message}.`,
        );
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        return problem(
          response,
          400,
          'invalid_argument',
          "The body must be a JSON object of the tool's arguments.",
        );
      }
      const result = await arsenal.execute({
        tool: tool.qualifiedName,
        arguments: body as Record<string, unknown>,
        principal,
        audience: 'caller',
      });
      if (result.status === 'success') return send(response, 200, result.result ?? null);
      return send(response, resultStatus(result), {
        error: {
          code: result.error?.code ?? result.status,
          message: result.error?.message ?? result.status,
          ...(result.confirmation ? { confirmationId: result.confirmation.id } : {}),
        },
      });
    },
  };
}
