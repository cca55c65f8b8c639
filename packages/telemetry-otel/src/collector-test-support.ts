import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/** A span as an OTLP/HTTP JSON export carries it (the fields the tests read). */
export interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes?: { key: string; value: Record<string, unknown> }[];
}

/**
 * A local OTLP/HTTP receiver: decodes every JSON export request it gets into spans, and keeps
 * protobuf export requests as they came (`protobufBodies`).
 */
export async function startOtlpReceiver() {
  const spans: OtlpSpan[] = [];
  const serviceNames: string[] = [];
  const protobufBodies: Buffer[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
    });
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      if (request.headers['content-type'] === 'application/x-protobuf') {
        protobufBodies.push(body);
        // An empty ExportTraceServiceResponse: full success.
        response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
        return;
      }
      const payload = JSON.parse(body.toString('utf8')) as {
        resourceSpans: {
          resource: { attributes: { key: string; value: { stringValue?: string } }[] };
          scopeSpans: { spans: OtlpSpan[] }[];
        }[];
      };
      for (const resourceSpans of payload.resourceSpans) {
        const name = resourceSpans.resource.attributes.find((a) => a.key === 'service.name');
        if (name?.value.stringValue) serviceNames.push(name.value.stringValue);
        for (const scope of resourceSpans.scopeSpans) spans.push(...scope.spans);
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await listen(server);
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/traces`,
    spans,
    serviceNames,
    protobufBodies,
    close: () => close(server),
  };
}

/** An MCP server (Streamable HTTP, stateless) whose `whoami` tool echoes the request's `_meta`. */
export async function startMetaEchoMcpServer() {
  const server = createServer((request, response) => {
    const mcp = new McpServer({ name: 'meta-echo', version: '1.0.0' });
    mcp.registerTool('whoami', { description: 'Echo the request metadata.' }, (extra) => ({
      content: [{ type: 'text', text: JSON.stringify(extra._meta ?? {}) }],
    }));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    response.on('close', () => {
      void transport.close();
      void mcp.close();
    });
    mcp
      .connect(transport)
      .then(() => transport.handleRequest(request, response))
      .catch(() => {
        if (!response.headersSent) response.writeHead(500);
        response.end();
      });
  });
  await listen(server);
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`,
    close: () => close(server),
  };
}

function listen(server: Server): Promise<void> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
