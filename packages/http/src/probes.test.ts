import { describe, expect, it } from 'vitest';
import { startHttpHost } from './http-host.js';
import type { ReadinessCaller } from './probes.js';

/** Readiness details that name what each caller may see: its own id, or a count. */
function readiness(caller: ReadinessCaller) {
  return {
    ready: true,
    status: 'ready',
    details: caller.principal ? { seenBy: caller.principal.id } : { upstreamCount: 2 },
  };
}

async function readyz(origin: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${origin}/readyz`, { headers });
  return { status: response.status, body: await response.json() };
}

describe('/readyz details', () => {
  it('hands readiness the authenticated caller, and shows a stranger the status word only', async () => {
    const host = await startHttpHost({
      port: 0,
      routes: [],
      credentials: [{ token: 'reader-token-0123456789', principal: { id: 'rita' } }],
      readiness,
    });
    try {
      expect(
        await readyz(host.origin, { authorization: 'Bearer reader-token-0123456789' }),
      ).toEqual({ status: 200, body: { status: 'ready', seenBy: 'rita' } });
      expect(await readyz(host.origin)).toEqual({ status: 200, body: { status: 'ready' } });
      expect(await readyz(host.origin, { authorization: 'Bearer wrong-token' })).toEqual({
        status: 200,
        body: { status: 'ready' },
      });
    } finally {
      await host.close();
    }
  });

  it('judges a caller of a server without authentication as anonymous', async () => {
    const host = await startHttpHost({ port: 0, routes: [], readiness });
    try {
      expect(await readyz(host.origin)).toEqual({
        status: 200,
        body: { status: 'ready', upstreamCount: 2 },
      });
    } finally {
      await host.close();
    }
  });
});
