// The smallest MCP proxy the SDK allows: one Server over stdio forwarding tools/list and
// tools/call to one Client of a child server. The latency benchmark runs it as the floor any
// SDK-based aggregator pays for the extra hop (two more JSON-RPC parses, validations and pipe
// writes per call), so Arsenal's own share can be read off.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';

const [command, ...args] = process.argv.slice(2);
if (!command) throw new Error('usage: sdk-stdio-proxy <command> [args...]');
const client = new Client({ name: 'sdk-proxy', version: '1.0.0' });
await client.connect(new StdioClientTransport({ command, args, stderr: 'ignore' }));
const server = new Server({ name: 'sdk-proxy', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, () => client.listTools());
server.setRequestHandler(
  CallToolRequestSchema,
  async (request) => (await client.callTool(request.params)) as CallToolResult,
);
await server.connect(new StdioServerTransport());
process.stdin.once('end', () => {
  void client.close().finally(() => process.exit(0));
});
