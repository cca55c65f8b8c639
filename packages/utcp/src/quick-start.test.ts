import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createArsenal } from '@arsenal/core';
import { expect, it } from 'vitest';
import { createUtcpManualSource } from './index.js';

const manualFile = fileURLToPath(
  new URL('../../../examples/utcp/weather-manual.json', import.meta.url),
);

// The README's quick start, run as written (with a local API standing in for the weather service).
it('runs the README quick start', async () => {
  const api = createServer((request, response) => {
    const ok = request.headers['x-api-key'] === 'demo-key-123';
    response.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
    response.end(JSON.stringify(ok ? { city: request.url?.split('/').pop(), sky: 'sunny' } : {}));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;

  const arsenal = createArsenal();
  await arsenal.addSource(
    createUtcpManualSource({
      name: 'weather',
      manual: manualFile,
      variables: { BASE_URL: base, API_KEY: 'demo-key-123' },
      http: { allowAddresses: ['loopback'] },
    }),
  );
  const forecast = await arsenal.execute({
    tool: 'weather.get_forecast',
    arguments: { city: 'Paris' },
  });
  const said = await arsenal.execute({ tool: 'weather.say', arguments: { text: 'hello' } });

  expect(forecast.result).toEqual({ city: 'Paris', sky: 'sunny' });
  expect(JSON.stringify(said.result)).toContain('hello');
  await arsenal.close();
  api.close();
});
