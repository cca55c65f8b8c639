import { fileURLToPath } from 'node:url';
import { createArsenalFromConfig, parseConfig } from '@arsenal/config';
import { defineTool } from '@arsenal/core';
import { expectArsenalError, freePort } from '@arsenal/testkit';
import { describe, expect, it } from 'vitest';
import { parseExposition, sampleValue } from './exposition-test-support.js';
import prometheusTelemetryFromConfig from './index.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

describe('arsenal.yaml: telemetry by package name', () => {
  it('loads this package as the telemetry adapter and serves /metrics on its own port', async () => {
    const port = await freePort();
    const config = parseConfig(
      [
        'telemetry:',
        '  use: "@arsenal/telemetry-prometheus"',
        `  options: { port: ${port}, prefix: "gw_" }`,
      ].join('\n'),
      { baseDir: packageDir },
    );
    const { arsenal, close } = await createArsenalFromConfig(config);
    try {
      await arsenal.register([
        defineTool({
          name: 'ping',
          description: 'Answer pong.',
          input: { type: 'object', properties: {} },
          handler: () => 'pong',
        }),
      ]);
      await arsenal.execute({ tool: 'ping', arguments: {} });
      const response = await fetch(`http://127.0.0.1:${port}/metrics`);
      const { samples } = parseExposition(await response.text());
      expect(sampleValue(samples, 'gw_executions_total', { tool: 'ping' })).toBe(1);
    } finally {
      await close();
    }
  });

  it('refuses unknown options, naming them and listing the known ones', async () => {
    const error = await expectArsenalError(
      prometheusTelemetryFromConfig({ prot: 9464 } as never),
      'configuration_invalid',
    );
    expect(error.message).toContain('"prot"');
    expect(error.message).toContain('port');
  });

  it('closing the telemetry closes its server', async () => {
    const telemetry = await prometheusTelemetryFromConfig({ port: 0 });
    const url = telemetry.server!.url;
    expect((await fetch(url)).status).toBe(200);
    await telemetry.close();
    await expect(fetch(url)).rejects.toThrow();
  });
});
