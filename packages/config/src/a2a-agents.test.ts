import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ArsenalError } from '@arsenal/core';
import { describe, expect, it } from 'vitest';
import { createArsenalFromConfig } from './create-arsenal.js';
import { parseConfig } from './load-config.js';

async function cardServer(card: (url: string) => unknown) {
  const server = createServer((request, response) => {
    if (request.url === '/.well-known/agent-card.json') {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(card(url)));
    } else {
      response.statusCode = 404;
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const card = (url: string) => ({
  name: 'Travel',
  description: 'Books trips.',
  version: '1.0.0',
  supportedInterfaces: [{ url: `${url}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
  securitySchemes: { bearer: { httpAuthSecurityScheme: { scheme: 'Bearer' } } },
  securityRequirements: [{ schemes: { bearer: { list: [] } } }],
  skills: [
    { id: 'book_flight', name: 'Book flight', description: 'Book a flight between two cities.' },
  ],
});

describe('a2aAgents in arsenal.yaml', () => {
  it('registers each agent skill as a tool in the agent namespace', async () => {
    const agent = await cardServer(card);
    const config = parseConfig(
      ['a2aAgents:', '  travel:', `    url: ${agent.url}`, '    bearerToken: t0ken-value'].join(
        '\n',
      ),
      { baseDir: process.cwd() },
    );
    const configured = await createArsenalFromConfig(config);
    expect(configured.a2aSources.map((source) => source.id)).toEqual(['travel']);
    expect(configured.arsenal.registry.get('travel.travel_book_flight')?.source).toBe('a2a_agent');
    await configured.close();
    await agent.close();
  });

  it('a required credential that is missing, or an agent that is down, stops start-up clearly', async () => {
    const agent = await cardServer(card);
    const missing = parseConfig(['a2aAgents:', '  travel:', `    url: ${agent.url}`].join('\n'), {
      baseDir: process.cwd(),
    });
    const error = await createArsenalFromConfig(missing).catch((e: unknown) => e);
    expect(ArsenalError.isInstance(error) && error.code).toBe('configuration_invalid');
    expect((error as Error).message).toContain('a2aAgents.travel');
    expect((error as Error).message).toContain('bearerToken');
    await agent.close();
    const down = parseConfig(
      ['a2aAgents:', '  travel:', `    url: ${agent.url}`, '    bearerToken: s3cret-token'].join(
        '\n',
      ),
      { baseDir: process.cwd() },
    );
    const downError = (await createArsenalFromConfig(down).catch((e: unknown) => e)) as Error;
    expect(downError.message).toContain('a2aAgents.travel: cannot load the agent');
    expect(downError.message).not.toContain('s3cret-token');
  });
});
