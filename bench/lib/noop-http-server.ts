// Arsenal over Streamable HTTP (dynamic mode) with one no-op function tool, in its own process so
// the benchmark's clients do not share its event loop. Prints `at <url>` on stderr when ready.
import { createArsenal, defineTool } from '@arsenal/core';
import { createArsenalMcpServer, startHttpServer } from '@arsenal/mcp-server';

const arsenal = createArsenal();
const summary = await arsenal.register([
  defineTool({
    name: 'noop',
    namespace: 'bench',
    description: 'Do nothing and answer at once; measures the serving path alone.',
    input: { type: 'object', properties: {} },
    handler: () => 'ok',
  }),
]);
if (summary.failed.length > 0) throw summary.failed[0]?.error;
const mcp = createArsenalMcpServer({ arsenal, mode: 'dynamic' });
const http = await startHttpServer(mcp, { port: 0 });
process.stderr.write(`noop arsenal serving at ${http.url}\n`);
const stop = async () => {
  await http.close();
  await mcp.close();
  await arsenal.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
