import { createArsenal, defineTool } from '@arsenal/core';
import { describeFrontDoorConformance } from '@arsenal/testkit';
import { createArsenalMcpServer } from './arsenal-mcp-server.js';
import { startHttpServer } from './http-server.js';
import { initializeBody } from './test-support/raw-http.js';

describeFrontDoorConformance({
  name: 'MCP Streamable HTTP',
  async start(setup) {
    const arsenal = createArsenal();
    await arsenal.register(
      defineTool({
        name: 'echo',
        description: 'Echo the text back.',
        input: { type: 'object', properties: { text: { type: 'string' } } },
        handler: ({ text }) => text,
      }),
    );
    const mcp = createArsenalMcpServer({ arsenal, mode: 'static' });
    const server = await startHttpServer(mcp, { ...setup, port: 0 });
    return {
      origin: new URL(server.url).origin,
      async close() {
        await server.close();
        await mcp.close();
        await arsenal.close();
      },
    };
  },
  request: {
    method: 'POST',
    path: '/mcp',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: initializeBody(),
  },
  skip: {
    'oauth/colliding-sub':
      'MCP answers show no principal id; sessions under a colliding sub are covered in oauth.int.test.ts',
  },
});
