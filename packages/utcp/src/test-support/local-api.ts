import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the local API saw of one request. */
export interface SeenRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface LocalApi {
  url: string;
  seen: SeenRequest[];
  tokenRequests: () => number;
  /** Serve this JSON at GET /manual. */
  manual: unknown;
  close(): Promise<void>;
}

export const API_KEY = 'k-live-123456';
export const BASIC = { username: 'ada', password: 'pa55word-secret' };
export const CLIENT = { id: 'arsenal-client', secret: 'cs-secret-987654' };

/**
 * A small real HTTP API on loopback: an API-key forecast, basic-auth notes, an OAuth2
 * client-credentials token endpoint and a bearer-protected report, plus a manual at /manual.
 */
export async function startLocalApi(): Promise<LocalApi> {
  const seen: SeenRequest[] = [];
  let tokens = 0;
  const state: { manual: unknown } = { manual: {} };
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    seen.push({
      method: request.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: request.headers,
      body,
    });
    const json = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(value));
    };
    const forecast = /^\/forecast\/([^/]+)$/.exec(url.pathname);
    if (forecast && request.method === 'GET') {
      if (request.headers['x-api-key'] !== API_KEY) return json(401, { error: 'bad key' });
      return json(200, {
        city: decodeURIComponent(forecast[1] as string),
        units: url.searchParams.get('units'),
        sky: 'clear',
      });
    }
    if (url.pathname === '/notes' && request.method === 'POST') {
      const expected = `Basic ${Buffer.from(`${BASIC.username}:${BASIC.password}`).toString('base64')}`;
      if (request.headers.authorization !== expected) return json(401, { error: 'who are you' });
      return json(201, {
        saved: JSON.parse(body || 'null'),
        tag: request.headers['x-tag'] ?? null,
      });
    }
    if (url.pathname === '/token' && request.method === 'POST') {
      const form = new URLSearchParams(body);
      if (form.get('client_id') !== CLIENT.id || form.get('client_secret') !== CLIENT.secret)
        return json(401, { error: 'invalid_client' });
      tokens += 1;
      return json(200, { access_token: `at-${tokens}`, token_type: 'Bearer', expires_in: 3600 });
    }
    if (url.pathname === '/report' && request.method === 'GET') {
      if (!/^Bearer at-\d+$/.test(request.headers.authorization ?? ''))
        return json(401, { error: 'no token' });
      return json(200, { report: 'ok', token: request.headers.authorization });
    }
    if (url.pathname === '/manual' && request.method === 'GET') return json(200, state.manual);
    json(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    tokenRequests: () => tokens,
    get manual() {
      return state.manual;
    },
    set manual(value: unknown) {
      state.manual = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
