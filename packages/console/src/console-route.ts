import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpRoute } from '@arsenal/http';
import { type ConsoleReadAhead, readAheadFor } from './read-ahead.js';
import { consoleAssetsDir, fileKeyOf, loadStaticFiles, type StaticFile } from './static-files.js';

export interface ConsoleRouteOptions {
  /** Where the console is served. Default `/console`. */
  path?: string;
  /** Where the REST API is served on the same server, e.g. `/api`. */
  apiPath: string;
  /** Folder of the files to serve. Default: the console's own `public/`. */
  assetsDir?: string;
  /**
   * Read the API answers a page starts with ahead, as an anonymous caller, and put them in the
   * page, so it shows its data at once (a plain headless screenshot, a slow network). Only for a
   * server without authentication, where every caller is anonymous and sees the same; with
   * authentication, an anonymous read ahead would be refused anyway. Default false.
   */
  readAhead?: boolean;
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

/** Where the page's data goes: the marker in index.html, else the end of its body. */
const DATA_MARKER = '<!-- console-data -->';

/**
 * The page with its data in a JSON block the page reads (a data block never runs, so the CSP
 * allows it). `<` is escaped, so no text in the data can close the block or open markup.
 */
function pageWithData(index: string, data: unknown): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  const block = `<script type="application/json" id="console-data">${json}</script>`;
  return index.includes(DATA_MARKER)
    ? index.replace(DATA_MARKER, () => block)
    : index.replace('</body>', () => `${block}</body>`);
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
  const apiBase = normalizePath(options.apiPath);
  const config = JSON.stringify({ apiBase });
  const index = (files.get('/index.html') as StaticFile).body.toString('utf8');
  const readAhead: ConsoleReadAhead | undefined = options.readAhead
    ? await readAheadFor(options.assetsDir ?? consoleAssetsDir(), apiBase)
    : undefined;

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
      if (key === '/index.html') {
        const answers = readAhead && request.method === 'GET' ? await readAhead(request) : {};
        send(request, response, 200, pageWithData(index, { apiBase, answers }), {
          'content-type': 'text/html; charset=utf-8',
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
