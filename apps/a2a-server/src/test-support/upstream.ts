import { type RunningA2aServer, startA2aServer } from '@arsenal/a2a-server';
import { type Arsenal, createArsenal, defineTool } from '@arsenal/core';

export const UPSTREAM_TOKEN = 'upstream-token-0123456789';

/** An Arsenal with a quick tool and a destructive one, served as an A2A agent on loopback. */
export async function startUpstream(): Promise<{ arsenal: Arsenal; server: RunningA2aServer }> {
  const arsenal = createArsenal();
  await arsenal.register([
    defineTool({
      name: 'get_weather',
      namespace: 'weather',
      description: 'Current weather and forecast for a city.',
      input: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      handler: ({ city }) => ({ city, tempC: 21 }),
    }),
    defineTool({
      name: 'drop_table',
      namespace: 'db',
      description: 'Drop a database table and all of its rows.',
      input: { type: 'object', properties: { table: { type: 'string' } }, required: ['table'] },
      handler: ({ table }) => `dropped ${table}`,
    }),
  ]);
  const server = await startA2aServer({
    arsenal,
    name: 'Upstream Arsenal',
    authenticator: {
      authenticate: (request) =>
        request.headers.authorization === `Bearer ${UPSTREAM_TOKEN}`
          ? { id: 'downstream' }
          : undefined,
    },
  });
  return { arsenal, server };
}
