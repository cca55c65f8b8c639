import { createArsenal, defineTool } from '@arsenal/core';
import { describeFrontDoorConformance } from '@arsenal/testkit';
import { startRestServer } from './rest-server.js';

async function catalog() {
  const arsenal = createArsenal();
  await arsenal.register(
    defineTool({
      name: 'get_weather',
      description: 'Current weather for a city.',
      input: { type: 'object', properties: { city: { type: 'string' } } },
      handler: ({ city }) => ({ city, tempC: 21 }),
    }),
  );
  return arsenal;
}

describeFrontDoorConformance({
  name: 'REST API',
  async start(setup) {
    const arsenal = await catalog();
    const server = await startRestServer(arsenal, { ...setup, port: 0, basePath: '/api' });
    return {
      origin: new URL(server.url).origin,
      async close() {
        await server.close();
        await arsenal.close();
      },
    };
  },
  request: {
    method: 'POST',
    path: '/api/tools/search',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'weather' }),
  },
  async whoAmI(origin, headers) {
    const response = await fetch(`${origin}/api/me`, { headers });
    const body = (await response.json()) as { principal?: { id?: string } | null };
    return body.principal?.id;
  },
});
