import { createArsenal, defineTool } from '@arsenal/core';
import { freePort } from '@arsenal/testkit';
import { expect, it } from 'vitest';
import { startRestServer } from './index.js';

it('the README quick start serves and answers a call', async () => {
  const arsenal = createArsenal();
  await arsenal.register(
    defineTool({
      name: 'add_numbers',
      description: 'Add two numbers and return their sum.',
      input: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } },
      handler: ({ a, b }) => ({ sum: Number(a) + Number(b) }),
    }),
  );
  const server = await startRestServer(arsenal, {
    port: await freePort(),
    basePath: '/api',
    credentials: [{ token: 'change-me-please', principal: { id: 'me' } }],
  });
  try {
    const response = await fetch(`${server.url}/execute`, {
      method: 'POST',
      headers: { authorization: 'Bearer change-me-please', 'content-type': 'application/json' },
      body: JSON.stringify({ tool: 'add_numbers', arguments: { a: 2, b: 3 } }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { result: unknown }).result).toEqual({ sum: 5 });
  } finally {
    await server.close();
    await arsenal.close();
  }
});
