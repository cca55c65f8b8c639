import { createArsenal, defineTool } from '@arsenal/core';
import { freePort } from '@arsenal/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  type ConsoleFixture,
  POISONED_DESCRIPTION,
  startConsoleFixture,
} from './console-routes-test-support.js';
import { startRestServer } from './rest-server.js';

type Json = Record<string, unknown>;

describe('REST routes the console reads, over HTTP', () => {
  let fixture: ConsoleFixture;
  beforeAll(async () => {
    fixture = await startConsoleFixture({
      pins: async () => ({
        pins: [
          {
            server: 'github',
            tool: 'create_issue',
            hash: 'sha256:abc',
            approvedAt: '2026-01-01T00:00:00.000Z',
          },
        ],
        lockFile: '/srv/arsenal.lock.json',
      }),
    });
  });
  afterAll(() => fixture.close());

  it('/me names the principal and what it may do', async () => {
    const reader = await fixture.get('/me');
    expect(reader.status).toBe(200);
    expect(reader.body).toEqual({
      principal: { id: 'rita', capabilities: [] },
      permissions: {
        manageTools: false,
        approveTools: false,
        readAllCalls: false,
        callTools: false,
      },
    });
    const admin = await fixture.get('/me', ADMIN);
    expect(admin.body.permissions).toEqual({
      manageTools: true,
      approveTools: true,
      readAllCalls: true,
      callTools: true,
    });
    expect((await fixture.get('/me', '')).status).toBe(401);
  });

  it('/health reports breakers, success rates and latency percentiles', async () => {
    const response = await fixture.get('/health');
    expect(response.status).toBe(200);
    const tools = response.body.tools as Json[];
    const flaky = tools.find((tool) => tool.qualifiedName === 'crm.flaky_lookup:1.0.0');
    expect(flaky).toMatchObject({ circuitState: 'open', successRate: 0, failureCount: 2 });
    const found = tools.find((tool) => tool.name === 'find_customer');
    expect(found).toMatchObject({ circuitState: 'closed', successRate: 1, successCount: 1 });
    expect(typeof found?.p95LatencyMs).toBe('number');
    expect(response.body.breakers).toEqual({ closed: 2, open: 1, halfOpen: 0 });
  });

  it('/calls pages through the audit history; readers see only their own calls', async () => {
    const all = await fixture.get('/calls', ADMIN);
    expect(all.status).toBe(200);
    const calls = all.body.calls as Json[];
    expect(calls).toHaveLength(4);
    expect(calls[0]?.tool).toBe('flaky_lookup');
    expect(calls.at(-1)?.tool).toBe('find_customer');

    const first = await fixture.get('/calls?limit=3', ADMIN);
    // At most 3: a page stops before calls that finished in the millisecond it would cut.
    const firstPage = first.body.calls as Json[];
    expect(firstPage.length).toBeGreaterThan(0);
    expect(firstPage.length).toBeLessThanOrEqual(3);
    expect(typeof first.body.nextBefore).toBe('string');
    const rest = await fixture.get(
      `/calls?limit=3&before=${encodeURIComponent(String(first.body.nextBefore))}`,
      ADMIN,
    );
    const paged = [...firstPage, ...(rest.body.calls as Json[])].map((call) => call.id);
    expect(paged).toEqual(calls.map((call) => call.id));
    const byTool = await fixture.get('/calls?tool=crm.flaky_lookup:1.0.0&status=failure', ADMIN);
    expect((byTool.body.calls as Json[]).map((call) => call.tool)).toEqual([
      'flaky_lookup',
      'flaky_lookup',
    ]);

    const own = await fixture.get('/calls');
    expect((own.body.calls as Json[]).map((call) => call.principalId)).toEqual(['rita']);
    const snooping = await fixture.get('/calls?principal=ada');
    expect(snooping.status).toBe(403);
    expect(String(snooping.body.detail)).toMatch(/only its own calls/);
    const byPrincipal = await fixture.get('/calls?principal=rita', ADMIN);
    expect((byPrincipal.body.calls as Json[]).length).toBe(1);
  });

  it('/calls rejects bad paging with a problem naming each parameter', async () => {
    const response = await fixture.get('/calls?limit=0&before=yesterday&colour=red', ADMIN);
    expect(response.status).toBe(422);
    const paths = (response.body.issues as { path: string }[]).map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['/limit', '/before']));
  });

  it('/quarantine lists held tools; a read-only principal is refused approval with 403', async () => {
    const listed = await fixture.get('/quarantine');
    expect(listed.status).toBe(200);
    expect(listed.body.canApprove).toBe(false);
    const [held] = listed.body.tools as { tool: Json; findings: Json[] }[];
    expect(held?.tool.description).toBe(POISONED_DESCRIPTION);
    expect(held?.findings.length).toBeGreaterThan(0);

    const refused = await fixture.post('/quarantine/remote.get_weather/approve');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('permission_denied');
    expect(String(refused.body.detail)).toMatch(/read-only/);
    expect((await fixture.get('/quarantine')).body.tools).toHaveLength(1);
  });

  it('an approver approves a quarantined tool: it leaves the list and joins the catalog', async () => {
    const unknown = await fixture.post('/quarantine/remote.no_such/approve', ADMIN);
    expect(unknown.status).toBe(404);
    const approved = await fixture.post('/quarantine/remote.get_weather/approve', ADMIN);
    expect(approved.status).toBe(200);
    expect((approved.body.approved as Json).qualifiedName).toBe('remote.get_weather:1.0.0');
    expect((await fixture.get('/quarantine')).body.tools).toEqual([]);
    expect((await fixture.get('/tools/remote.get_weather')).status).toBe(200);
    const again = await fixture.post('/quarantine/remote.get_weather/approve', ADMIN);
    expect(again.status).toBe(404);
    expect(String(again.body.detail)).toMatch(/no tool is quarantined/);
  });

  it('/pins answers the approvals the server was given', async () => {
    const response = await fixture.get('/pins');
    expect(response.status).toBe(200);
    expect(response.body.lockFile).toBe('/srv/arsenal.lock.json');
    expect((response.body.pins as Json[])[0]).toMatchObject({
      server: 'github',
      tool: 'create_issue',
    });
  });

  it('/tools/{name}/dialects encodes a tool in every dialect with token counts', async () => {
    const response = await fixture.get('/tools/billing.create_invoice/dialects');
    expect(response.status).toBe(200);
    expect((response.body.tool as Json).name).toBe('create_invoice');
    // No transcoder was registered with this Arsenal: no dialects, but still an answer.
    expect(response.body).toMatchObject({ tokenizer: 'estimate', dialects: [] });
    expect((await fixture.get('/tools/no_such_tool/dialects')).status).toBe(404);
  });
});

describe('REST console routes without the optional parts', () => {
  it('answers 501 for /calls without a history, an empty /pins, and uses given dialects', async () => {
    const arsenal = createArsenal();
    await arsenal.register(
      defineTool({
        name: 'echo_text',
        description: 'Echo the text it is given back to the caller.',
        input: { type: 'object', properties: { text: { type: 'string' } } },
        handler: ({ text }) => text,
      }),
    );
    const server = await startRestServer(arsenal, {
      port: await freePort(),
      dialects: async (tool) => ({
        tokenizer: 'test',
        dialects: [{ dialect: 'plain', status: 'encoded', tokens: 3, tool: { name: tool.name } }],
      }),
    });
    try {
      const calls = await fetch(`${server.url}/calls`);
      expect(calls.status).toBe(501);
      expect(((await calls.json()) as Json).detail).toMatch(/history:/);
      expect(await (await fetch(`${server.url}/pins`)).json()).toEqual({ pins: [] });
      const dialects = (await (
        await fetch(`${server.url}/tools/echo_text/dialects`)
      ).json()) as Json;
      expect(dialects.dialects).toEqual([
        { dialect: 'plain', status: 'encoded', tokens: 3, tool: { name: 'echo_text' } },
      ]);
      const me = (await (await fetch(`${server.url}/me`)).json()) as Json;
      expect(me.principal).toBeNull();
    } finally {
      await server.close();
      await arsenal.close();
    }
  });
});
