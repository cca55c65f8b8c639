import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_TOKEN,
  type ConsoleStack,
  READER_TOKEN,
  rawRequest,
  startConsoleStack,
} from './console-test-support.js';

/** What API data looks like in an answer: a tool of the catalog or a principal. */
const API_DATA = /find_customer|create_invoice|"principal":|"calls":\[|"pins":\[|sha256:/;

/**
 * Write raw bytes on one connection; resolve with all it receives once `settleMs` passed without
 * more after the first answer (or when the server closes it).
 */
function exchange(origin: string, text: string, settleMs = 1500): Promise<string> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    let received = '';
    let timer: NodeJS.Timeout | undefined;
    const socket = connect(Number(port), hostname, () => socket.write(text));
    const settle = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        socket.destroy();
        resolve(received);
      }, settleMs);
    };
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('utf8');
      settle();
    });
    socket.once('error', reject);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(received);
    });
  });
}

describe('the public console route does not open the API to callers without a credential', () => {
  let stack: ConsoleStack;
  beforeAll(async () => {
    stack = await startConsoleStack();
  });
  afterAll(() => stack.close());

  it('whatever the path trick', async () => {
    const tricks = [
      '//api/tools',
      '//console/../api/tools',
      '/console/../api/tools',
      '/console/./../api/me',
      '/console/..;/api/tools',
      '/console;/../api/tools',
      '/console/%2e%2e/api/tools',
      '/console/%2E%2E/api/calls',
      '/console/..%2fapi/tools',
      '/console%2f..%2fapi/tools',
      '/console/..%5capi/tools',
      '/console\\..\\api\\tools',
      '/CONSOLE/../api/tools',
      '/console./../api/tools',
      '/api/tools.',
      '/api/tools;jsessionid=1',
      '/api/tools?next=/console/',
      '/api/tools#/console/',
      '/api/%2e%2e/console/../api/pins',
      '/api/me/%2e%2e/%2e%2e/console/',
      '/consolefoo',
      '/console-admin',
      '/console-admin/../api/me',
      `/console/${'a/'.repeat(3000)}../../api/tools`,
      'http://127.0.0.1/console/../api/tools',
      'http://evil.example/api/tools',
    ];
    for (const path of tricks) {
      const answer = await rawRequest(stack.origin, path);
      expect([400, 401, 403, 404, 431], path.slice(0, 60)).toContain(answer.status);
      expect(answer.body, path.slice(0, 60)).not.toMatch(API_DATA);
    }
    // The same trick with a credential reaches the API: the check above would see its data.
    const authed = await rawRequest(stack.origin, '/console/../api/tools', 'GET', {
      authorization: `Bearer ${READER_TOKEN}`,
    });
    expect(authed.status).toBe(200);
    expect(authed.body).toMatch(API_DATA);
    // A prefix that only looks like the console's is not public: it is not the console at all.
    for (const path of ['/consolefoo', '/console-admin']) {
      expect((await rawRequest(stack.origin, path)).status).toBe(404);
    }
  });

  it('whatever the method or the rewriting header', async () => {
    for (const method of ['OPTIONS', 'TRACE', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'PROPFIND']) {
      const api = await rawRequest(stack.origin, '/api/tools', method);
      expect(api.status, `${method} /api/tools`).toBe(401);
      const page = await rawRequest(stack.origin, '/console/', method);
      expect(page.status, `${method} /console/`).toBe(method === 'HEAD' ? 200 : 405);
      expect(page.body).not.toMatch(API_DATA);
    }
    const overridden = await rawRequest(stack.origin, '/console/', 'GET', {
      'x-original-url': '/api/tools',
      'x-rewrite-url': '/api/tools',
      'x-http-method-override': 'DELETE',
      'x-forwarded-prefix': '/api',
    });
    expect(overridden.status).toBe(200);
    expect(overridden.headers['content-type']).toBe('text/html; charset=utf-8');
    const policy = String(overridden.headers['content-security-policy']);
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes|\*|data:|blob:/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("default-src 'none'");
    expect(overridden.body).not.toMatch(API_DATA);
    // A GET with a body is still just the page; the body is not read as anything.
    const withBody = await rawRequest(stack.origin, '/console/config.json', 'GET', {
      'content-type': 'application/json',
      'content-length': '0',
    });
    expect(JSON.parse(withBody.body)).toEqual({ apiBase: '/api' });
  });

  it('whatever hides in a body: a GET body is not read as a second request', async () => {
    const smuggled = 'GET /api/pins HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
    const reply = await exchange(
      stack.origin,
      `GET /api/me HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${READER_TOKEN}\r\n` +
        `Content-Length: ${smuggled.length}\r\n\r\n${smuggled}`,
    );
    // One answer, to the request that carried the credential; the body never became a request.
    expect(reply.match(/HTTP\/1\.1 \d{3}/g)).toEqual(['HTTP/1.1 200']);
    expect(reply).not.toContain('"pins":[');
  });

  it('a half-sent approval gets an answer and the server keeps serving', async () => {
    const reply = await exchange(
      stack.origin,
      `POST /api/quarantine/remote.get_weather/approve HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        `Authorization: Bearer ${READER_TOKEN}\r\nContent-Type: application/json\r\n` +
        'Content-Length: 100\r\n\r\n{"appro',
    );
    expect(reply).toMatch(/^HTTP\/1\.1 403/);
    const still = await rawRequest(stack.origin, '/api/quarantine', 'GET', {
      authorization: `Bearer ${ADMIN_TOKEN}`,
    });
    expect(still.status).toBe(200);
    expect(still.body).toContain('get_weather');
  });
});
