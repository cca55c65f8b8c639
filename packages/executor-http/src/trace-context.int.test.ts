import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createArsenal } from '@arsenal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpToolSource } from './http-tool-source.js';

let server: Server;
let url = '';
const seen: IncomingHttpHeaders[] = [];
beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push(request.headers);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('trace context into HTTP calls', () => {
  it('sends the call span as a W3C traceparent header, and none for ids that are not W3C ids', async () => {
    const arsenal = createArsenal();
    try {
      await arsenal.addSource(
        createHttpToolSource({
          name: 'traced',
          allowAddresses: ['loopback'],
          tools: [{ name: 'ping', description: 'Ping the service.', url: `${url}/ping` }],
        }),
      );
      const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
      expect((await arsenal.execute({ tool: 'traced.ping', arguments: {}, traceId })).status).toBe(
        'success',
      );
      expect(seen.at(-1)?.traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
      await arsenal.execute({ tool: 'traced.ping', arguments: {}, traceId: 'not-a-w3c-id' });
      expect(seen.at(-1)).not.toHaveProperty('traceparent');
    } finally {
      await arsenal.close();
    }
  });
});
