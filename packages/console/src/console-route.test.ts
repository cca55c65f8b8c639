import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_CSP } from './console-route.js';
import {
  type ConsoleStack,
  READER_TOKEN,
  rawRequest as raw,
  startConsoleStack,
} from './console-test-support.js';
import { fileKeyOf } from './static-files.js';

describe('the console route', () => {
  let stack: ConsoleStack;
  beforeAll(async () => {
    stack = await startConsoleStack();
  });
  afterAll(() => stack.close());

  it('serves the page without a credential, with CSP, nosniff and the right types', async () => {
    const page = await raw(stack.origin, '/console/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toBe(CONSOLE_CSP);
    expect(CONSOLE_CSP).toContain("script-src 'self'");
    expect(CONSOLE_CSP).not.toContain('unsafe-inline');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.body).toContain('<script type="module" src="js/app.js"></script>');
    // No inline script: every <script> names its source, but for the page's data (never run).
    expect(page.body.match(/<script(?![^>]*\ssrc=)[^>]*>/g)).toEqual([
      '<script type="application/json" id="console-data">',
    ]);

    const script = await raw(stack.origin, '/console/js/app.js');
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    const style = await raw(stack.origin, '/console/console.css');
    expect(style.headers['content-type']).toBe('text/css; charset=utf-8');
    const icon = await raw(stack.origin, '/console/favicon.svg');
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    const config = await raw(stack.origin, '/console/config.json');
    expect(JSON.parse(config.body)).toEqual({ apiBase: '/api' });
  });

  it('redirects the bare path to the folder and answers HEAD without a body', async () => {
    const bare = await raw(stack.origin, '/console');
    expect(bare.status).toBe(308);
    expect(bare.headers.location).toBe('/console/');
    const head = await raw(stack.origin, '/console/index.html', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(Number(head.headers['content-length'])).toBeGreaterThan(100);
  });

  it('refuses other methods with 405 and an Allow header', async () => {
    const post = await raw(stack.origin, '/console/index.html', 'POST');
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });

  it('never serves a file outside its folder, however the path is encoded', async () => {
    const attempts = [
      '/console/../package.json',
      '/console/..%2fpackage.json',
      '/console/..%2Fpackage.json',
      '/console/%2e%2e/package.json',
      '/console/%2e%2e%2fpackage.json',
      '/console/js/..%2f..%2fpackage.json',
      '/console/..%5cpackage.json',
      '/console/%2fetc%2fpasswd',
      '/console//etc/passwd',
      '/console/js/%2e%2e/%2e%2e/src/console-route.ts',
      '/console/%00index.html',
      '/console/%E0%A4%A',
      '/console/../../../../etc/passwd',
      '/console/src/console-route.ts',
      '/console/README.md',
    ];
    for (const path of attempts) {
      const response = await raw(stack.origin, path);
      // The server may route a normalised path elsewhere (to the authenticated API, which
      // answers 401/404), but never answers with a file it was not built to serve.
      expect([400, 401, 404], path).toContain(response.status);
      expect(response.body, path).not.toContain('"name": "@arsenal/console"');
      expect(response.body, path).not.toContain('root:');
      expect(response.body, path).not.toContain('createConsoleRoute');
    }
  });

  it('reads the path the way it serves it', () => {
    expect(fileKeyOf('/')).toBe('/index.html');
    expect(fileKeyOf('')).toBe('/index.html');
    expect(fileKeyOf('/js/app.js')).toBe('/js/app.js');
    expect(fileKeyOf('/js/%61pp.js')).toBe('/js/app.js');
    expect(fileKeyOf('/..%2fx')).toBeUndefined();
    expect(fileKeyOf('/%2e%2e/x')).toBeUndefined();
    expect(fileKeyOf('/a\\..\\b')).toBeUndefined();
    expect(fileKeyOf('/%ZZ')).toBeUndefined();
  });

  it('keeps the API behind authentication: the console is public, its data is not', async () => {
    expect((await raw(stack.origin, '/api/tools')).status).toBe(401);
    const authed = await raw(stack.origin, '/api/tools', 'GET', {
      authorization: `Bearer ${READER_TOKEN}`,
    });
    expect(authed.status).toBe(200);
  });
});
