// An MCP server over stdio that lists the tools of a JSON file (argv[2]), read at start-up,
// and answers every call with the tool's name. Tests edit the file to change what it lists.
import { readFileSync } from 'node:fs';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const tools = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const server = new Server(
  { name: 'listed-tools', version: '1.0.0' },
  { capabilities: { tools: {} } },
);
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
server.setRequestHandler(CallToolRequestSchema, async (request) => ({
  content: [{ type: 'text', text: `called ${request.params.name}` }],
}));
await server.connect(new StdioServerTransport());
