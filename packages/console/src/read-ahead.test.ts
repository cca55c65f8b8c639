import { createArsenal, defineTool } from '@arsenal/core';
import { type RunningHttpHost, startHttpHost } from '@arsenal/http';
import { createRestApi } from '@arsenal/rest-api';
import { afterEach, describe, expect, it } from 'vitest';
import { createConsoleRoute } from './console-route.js';
import { READER_TOKEN } from './console-test-support.js';

const DATA_BLOCK = /<script type="application\/json" id="console-data">(.*?)<\/script>/s;
const BREAKOUT = 'Closes the block: </script><script>window.__pwned=1</script><!--';

async function serve(credentials: boolean): Promise<RunningHttpHost> {
  const arsenal = createArsenal();
  await arsenal.register(
    defineTool({
      name: 'render_page',
      namespace: 'web',
      description: BREAKOUT,
      input: { type: 'object', properties: {} },
      handler: () => 'ok',
      definitionOptions: { hygiene: 'off' },
    }),
    { hygiene: 'off' },
  );
  const api = createRestApi(arsenal, { basePath: '/api' });
  const route = await createConsoleRoute({ apiPath: '/api', readAhead: true });
  return startHttpHost({
    port: 0,
    routes: [api.route, route],
    ...(credentials ? { credentials: [{ token: READER_TOKEN, principal: { id: 'rita' } }] } : {}),
  });
}

async function pageData(origin: string, path: string) {
  const page = await (await fetch(`${origin}${path}`)).text();
  const json = DATA_BLOCK.exec(page)?.[1];
  if (json === undefined) throw new Error(`no data block in ${path}`);
  return { page, data: JSON.parse(json) };
}

describe('reading the page data ahead', () => {
  let host: RunningHttpHost | undefined;
  afterEach(async () => {
    await host?.close();
    host = undefined;
  });

  it('puts the answers the view starts with in the page, markup in them escaped', async () => {
    host = await serve(false);
    const { page, data } = await pageData(host.origin, '/console/?view=catalog&q=render');
    expect(data.apiBase).toBe('/api');
    expect(Object.keys(data.answers).sort()).toEqual([
      '/me',
      '/tools?q=render&limit=50&facets=true',
    ]);
    const catalog = data.answers['/tools?q=render&limit=50&facets=true'];
    expect(catalog.status).toBe(200);
    expect(catalog.body.tools[0].description).toBe(BREAKOUT);
    // The text is in the page, but cannot end the data block nor open markup.
    expect(page).not.toContain('</script><script>window.__pwned');
    expect(page.match(/<\/script>/g)?.length).toBe(2);

    const health = await pageData(host.origin, '/console/?view=health');
    expect(Object.keys(health.data.answers).sort()).toEqual(['/health', '/me']);
  });

  it('keeps an answer that is a problem, so the page shows it as the API said it', async () => {
    host = await serve(false);
    const { data } = await pageData(host.origin, '/console/?view=calls');
    expect(data.answers['/calls?limit=50']).toMatchObject({
      status: 501,
      body: { code: 'not_supported' },
    });
  });

  it('reads nothing for a server with authentication: the page asks for a token first', async () => {
    host = await serve(true);
    const { data } = await pageData(host.origin, '/console/?view=catalog');
    expect(data).toEqual({ apiBase: '/api', answers: {} });
  });
});
