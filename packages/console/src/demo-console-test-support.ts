import { fileURLToPath } from 'node:url';
import { createArsenalFromConfig } from '@arsenal/config';
import { defineTool } from '@arsenal/core';
import { type RunningHttpHost, startHttpHost } from '@arsenal/http';
import { createRestApi } from '@arsenal/rest-api';
import { createConsoleRoute } from './console-route.js';

// The CLI's demo catalog (hand-written business tools plus the Seal-Tools catalog), read from
// where the CLI keeps it.
const CATALOG = new URL('../../cli/catalog/', import.meta.url);

export interface DemoConsole {
  origin: string;
  toolCount: number;
  http: RunningHttpHost;
  close(): Promise<void>;
}

/**
 * What `arsenal serve --dev` serves with the demo catalog: the REST API and the console on one
 * front door without authentication, the anonymous caller allowed to call tools, the pages read
 * ahead, and no history store. One tool runs for real (`dev.echo`), since the catalog's tools are
 * descriptions without an executor.
 */
export async function startDemoConsole(): Promise<DemoConsole> {
  const configured = await createArsenalFromConfig({
    baseDir: fileURLToPath(CATALOG),
    tools: {
      catalogs: [
        fileURLToPath(new URL('demo-tools.yaml', CATALOG)),
        { path: fileURLToPath(new URL('seal-tools.jsonl', CATALOG)), namespace: 'seal' },
      ],
    },
  });
  const { arsenal } = configured;
  const echo = await arsenal.register(
    defineTool({
      name: 'echo',
      namespace: 'dev',
      description: 'Echo a message back, a number of times, with optional labels.',
      input: {
        type: 'object',
        properties: {
          message: { type: 'string', description: 'What to say back.' },
          times: { type: 'integer', default: 1 },
          loud: { type: 'boolean' },
          labels: { type: 'array', items: { type: 'string' } },
        },
        required: ['message'],
      },
      handler: ({ message, times, loud, labels }) => {
        const said = loud ? String(message).toUpperCase() : String(message);
        return { echoed: Array.from({ length: Number(times ?? 1) }, () => said), labels };
      },
    }),
  );
  if (echo.failed.length > 0) throw echo.failed[0]?.error;
  const api = createRestApi(arsenal, { basePath: '/api', canCallTools: () => true });
  const consoleRoute = await createConsoleRoute({ apiPath: '/api', readAhead: true });
  const http = await startHttpHost({ port: 0, routes: [api.route, consoleRoute] });
  return {
    origin: http.origin,
    toolCount: arsenal.registry.list().length,
    http,
    async close() {
      await http.close();
      await configured.close();
    },
  };
}
