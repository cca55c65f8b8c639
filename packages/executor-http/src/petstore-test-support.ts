import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { stringify } from 'yaml';
import { petstoreSpec } from './petstore-spec-test-support.js';

export { petstoreSpec };

export const API_KEY = 'key-4f1d9a7c2b';
export const QUERY_KEY = 'qkey-8e2a61b05c';
export const COOKIE_KEY = 'ckey-93b7d2e4f0';
export const BASIC = { username: 'alice', password: 'pw-s3cr3t-basic' };
export const BEARER = 'bearer-7c1e0d9a55';
export const CLIENT = { clientId: 'arsenal-client', clientSecret: 'client-secret-6b2f8e' };

export interface Petstore {
  url: string;
  hits: Map<string, number>;
  /** Tokens the token endpoint issued, in order. */
  issued: string[];
  /** Make every issued token invalid (the next call must fetch a new one). */
  revokeTokens(): void;
  close(): Promise<void>;
}

async function readAll(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function json(
  response: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(value));
}

/** Start the Petstore on a free loopback port. */
export async function startPetstore(): Promise<Petstore> {
  const hits = new Map<string, number>();
  const issued: string[] = [];
  const valid = new Set<string>();
  const pets = new Map<string, { id: number; name: string; tag?: string | null }>([
    ['1', { id: 1, name: 'Rex' }],
  ]);
  let base = '';
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', base);
    const path = url.pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const body = await readAll(request);
    const auth = request.headers.authorization ?? '';
    const denied = () => json(response, 401, { error: 'unauthorized' });
    if (path === '/openapi.json') return json(response, 200, petstoreSpec(base));
    if (path === '/openapi.yaml') {
      response.writeHead(200, { 'content-type': 'application/yaml' });
      return response.end(stringify(petstoreSpec(base)));
    }
    if (path === '/oauth/token') {
      const expected = `Basic ${Buffer.from(`${CLIENT.clientId}:${CLIENT.clientSecret}`).toString('base64')}`;
      if (auth !== expected || !body.toString().includes('grant_type=client_credentials'))
        return denied();
      const token = `access-${issued.length + 1}-9f8e7d`;
      issued.push(token);
      valid.add(token);
      return json(response, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
    }
    if (path === '/v1/pets' && request.method === 'GET') {
      if (request.headers['x-api-key'] !== API_KEY) return denied();
      return json(response, 200, { pets: [...pets.values()], query: url.search });
    }
    if (path === '/v1/pets' && request.method === 'POST') {
      if (auth !== `Bearer ${BEARER}`) return denied();
      const input = JSON.parse(body.toString()) as { name: string; tag?: string };
      const pet = { id: pets.size + 1, ...input };
      pets.set(String(pet.id), pet);
      return json(response, 201, pet);
    }
    const petPath = /^\/v1\/pets\/([^/]+)(\/notes|\/photo)?$/.exec(path);
    if (petPath) {
      const [, id = '', sub] = petPath;
      if (sub === '/notes') {
        if (url.searchParams.get('api_key') !== QUERY_KEY) return denied();
        return json(response, 200, {
          id,
          form: Object.fromEntries(
            [...new URLSearchParams(body.toString())].map(([k]) => [
              k,
              new URLSearchParams(body.toString()).getAll(k),
            ]),
          ),
          type: request.headers['content-type'],
        });
      }
      if (sub === '/photo' && request.method === 'GET') {
        if (request.headers.cookie !== `session=${COOKIE_KEY}`) return denied();
        response.writeHead(200, { 'content-type': 'image/png' });
        return response.end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]));
      }
      if (sub === '/photo') {
        if (
          auth !== `Basic ${Buffer.from(`${BASIC.username}:${BASIC.password}`).toString('base64')}`
        )
          return denied();
        const form = await new Response(new Uint8Array(body), {
          headers: { 'content-type': request.headers['content-type'] ?? '' },
        }).formData();
        const file = form.get('file');
        return json(response, 200, {
          caption: form.get('caption'),
          file:
            file instanceof Blob
              ? { size: file.size, name: (file as File).name, text: await file.text() }
              : null,
        });
      }
      if (request.method === 'GET') {
        if (!valid.has(auth.replace(/^Bearer /, ''))) return denied();
        const pet = pets.get(decodeURIComponent(id));
        return pet
          ? json(response, 200, pet)
          : json(response, 404, { error: `no pet ${decodeURIComponent(id)}` });
      }
    }
    if (path === '/v1/echo') {
      return json(response, 200, {
        method: request.method,
        path,
        search: url.search,
        headers: request.headers,
        body: body.toString(),
      });
    }
    if (path === '/v1/text') {
      response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      return response.end('just text');
    }
    if (path === '/v1/flaky') {
      if ((hits.get(path) ?? 0) <= 2)
        return json(response, 503, { error: 'busy' }, { 'retry-after': '0' });
      return json(response, 200, { ok: true, attempts: hits.get(path) });
    }
    if (path === '/v1/flaky-post')
      return json(response, 503, { error: 'busy' }, { 'retry-after': '0' });
    if (path === '/v1/flaky-post-retryable') {
      if ((hits.get(path) ?? 0) <= 1)
        return json(response, 503, { error: 'busy' }, { 'retry-after': '0' });
      return json(response, 200, { ok: true });
    }
    if (path === '/v1/slow') {
      const timer = setTimeout(() => json(response, 200, { late: true }), 20_000);
      response.on('close', () => clearTimeout(timer));
      return;
    }
    if (path === '/v1/loop') {
      response.writeHead(302, { location: '/v1/loop' });
      return response.end();
    }
    if (path === '/v1/huge') {
      response.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      for (let sent = 0; sent < 5 * 1024 * 1024 && !response.destroyed; sent += chunk.length)
        response.write(chunk);
      return response.end();
    }
    if (path === '/v1/to-private') {
      response.writeHead(302, { location: 'http://10.0.0.1/admin' });
      return response.end();
    }
    if (path === '/v1/leak')
      return json(response, 400, { error: `bad token ${auth}`, echoed: auth });
    json(response, 404, { error: `no route ${path}` });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    hits,
    issued,
    revokeTokens: () => valid.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
