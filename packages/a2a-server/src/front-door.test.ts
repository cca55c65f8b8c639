import { describeFrontDoorConformance } from '@arsenal/testkit';
import { startA2aServer } from './a2a-server.js';
import { sampleArsenal } from './test-support/fixture.js';

describeFrontDoorConformance({
  name: 'A2A agent (JSON-RPC)',
  async start(setup) {
    const arsenal = await sampleArsenal();
    const server = await startA2aServer({ ...setup, arsenal, port: 0 });
    return {
      origin: server.url,
      async close() {
        await server.close();
        await arsenal.close();
      },
    };
  },
  request: {
    method: 'POST',
    path: '/a2a',
    headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'GetTask', params: { id: 'none' } }),
  },
  skip: {
    'oauth/colliding-sub':
      'A2A answers show no principal; the identity rule is asserted on REST and in @arsenal/http',
  },
});
