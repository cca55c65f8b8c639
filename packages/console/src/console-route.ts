import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpRoute } from '@arsenal/http';
import { consoleAssetsDir, fileKeyOf, loadStaticFiles } from './static-files.js';

export interface ConsoleRouteOptions {
  /** Where the console is served. Default `/console`. */
  path?: string;
  /** Where the REST API is served on the same server, e.g. `/api`. */
  apiPath: string;
  /** Folder of the files to serve. Default: the console's own `public/`. */
  assetsDir?: string;
}

/**
 * No inline script or style, nothing from elsewhere: what makes a tool description that carries
 * markup harmless even if it ever reached the page as markup.
 */
export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS = {
  'content-security-policy': CONSOLE_CSP,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cache-control': 'no-cache',
};

function normalizePath(path: string): string {
  const trimmed = path.endsWith('/') ? path.slice(0, -1) : path;
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

function send(
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  body: Buffer | string,
  headers: Record<string, string>,
): void {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  response.writeHead(status, {
    ...SECURITY_HEADERS,
    'content-length': String(bytes.length),
    ...headers,
  });
  response.end(request.method === 'HEAD' ? undefined : bytes);
}

function sendText(
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  send(request, response, status, text, {
    'content-type': 'text/plain; charset=utf-8',
    ...headers,
  });
}

/**
 * The console as a route of the HTTP server: its static files (public: they hold no data; every
 * API call the page makes carries the user's token and goes through the server's checks), plus
 * `config.json`, which tells the page where the API is.
 *
 * @example
 * const route = await createConsoleRoute({ apiPath: '/api' });
 * await startHttpServer(mcp, { routes: [api.route, route] });
 */
export async function createConsoleRoute(options: ConsoleRouteOptions): Promise<HttpRoute> {
  const path = normalizePath(options.path ?? '/console');
  const files = await loadStaticFiles(options.assetsDir ?? consoleAssetsDir());
  if (!files.has('/index.html')) {
    throw new Error(
      `The console files are missing: no index.html under ${options.assetsDir ?? consoleAssetsDir()}; reinstall @arsenal/console.`,
    );
  }
  const config = JSON.stringify({ apiBase: normalizePath(options.apiPath) });

  return {
    path,
    public: true,
    async handle(request, response) {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        sendText(request, response, 405, 'The console answers GET and HEAD only.\n', {
          allow: 'GET, HEAD',
        });
        return;
      }
      const rawPath = (request.url ?? '/').split('?')[0] ?? '/';
      if (rawPath === path) {
        // Relative links in the page resolve against the folder, so the folder needs its slash.
        send(request, response, 308, '', { location: `${path}/` });
        return;
      }
      // The server routes by the normalized path; serve by the raw one, so a path that only
      // reaches here after resolving dot segments is not served at all.
      const key = rawPath.startsWith(`${path}/`)
        ? fileKeyOf(rawPath.slice(path.length))
        : undefined;
      if (key === '/config.json') {
        send(request, response, 200, config, {
          'content-type': 'application/json; charset=utf-8',
        });
        return;
      }
      const file = key === undefined ? undefined : files.get(key);
      if (!file) {
        sendText(request, response, 404, `Not found; the console is at ${path}/.\n`);
        return;
      }
      send(request, response, 200, file.body, { 'content-type': file.contentType });
    },
  };
}
