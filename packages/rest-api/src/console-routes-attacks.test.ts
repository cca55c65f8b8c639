import { type AuditRecord, createArsenal, createInMemoryHistoryStore } from '@arsenal/core';
import { freePort } from '@arsenal/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POISONED_DESCRIPTION } from './console-routes-test-support.js';
import { ADMIN_TOKEN, type Fixture, startFixture, USER_TOKEN } from './rest-api-test-support.js';
import { startRestServer } from './rest-server.js';

type Json = Record<string, unknown>;

function record(id: string, principalId: string, completedAt: string): AuditRecord {
  return {
    id,
    tool: 'add_numbers',
    qualifiedName: 'math.add_numbers:1.0.0',
    principalId,
    arguments: {},
    status: 'success',
    queuedAt: completedAt,
    completedAt,
    durationMs: 1,
    attempt: 1,
  };
}

describe('console routes against a hostile caller', () => {
  const history = createInMemoryHistoryStore();
  let fixture: Fixture;
  beforeAll(async () => {
    fixture = await startFixture({ history });
    // A poisoned import in the billing namespace, which the policy hides from "uma".
    const held = await fixture.arsenal.register(
      [
        {
          name: 'refund_card',
          namespace: 'billing',
          description: POISONED_DESCRIPTION,
          capabilities: ['financial'],
        },
      ],
      { source: 'catalog' },
    );
    if (held.quarantined.length !== 1) throw new Error('the poisoned import was not held');
    // Seven calls of "uma" finished in the same millisecond, then two of "ada" after them.
    for (let index = 0; index < 7; index++) {
      await history.append(record(`same-${index}`, 'uma', '2026-11-01T10:00:00.000Z'));
    }
    await history.append(record('ada-1', 'ada', '2026-11-01T10:00:01.000Z'));
    await history.append(record('ada-2', 'ada', '2026-11-01T10:00:02.000Z'));
  });
  afterAll(() => fixture.close());

  it('hidden tools stay hidden in /health, /quarantine and /tools/{name}/dialects', async () => {
    const health = await fixture.request('GET', '/health');
    const names = (health.body.tools as Json[]).map((tool) => tool.name);
    expect(names).toContain('add_numbers');
    expect(names).not.toContain('charge_card');

    const hidden = await fixture.request('GET', '/tools/billing.charge_card/dialects');
    const unknown = await fixture.request('GET', '/tools/billing.charge_cart/dialects');
    expect(hidden.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(hidden.body.code).toBe(unknown.body.code);
    expect(JSON.stringify(unknown.body)).not.toContain('charge_card');
    const admin = await fixture.request('GET', '/tools/billing.charge_card/dialects', {
      token: ADMIN_TOKEN,
    });
    expect(admin.status).toBe(200);

    // A held tool of a namespace the policy hides is not shown to a reader either.
    const quarantine = await fixture.request('GET', '/quarantine');
    expect(quarantine.status).toBe(200);
    expect(JSON.stringify(quarantine.body)).not.toContain('refund_card');
    const approver = await fixture.request('GET', '/quarantine', { token: ADMIN_TOKEN });
    const held = (approver.body.tools as { tool: Json }[]).map((entry) => entry.tool.name);
    expect(held).toContain('refund_card');
  });

  it('/calls never widens to other principals, whatever the cursor or filter', async () => {
    const attempts = [
      '/calls?principal=ada',
      '/calls?principal=ADA',
      '/calls?principal=ada&before=2030-01-01T00:00:00Z',
      '/calls?principal=uma&principal=ada',
    ];
    for (const path of attempts) {
      const answer = await fixture.request('GET', path);
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(JSON.stringify(answer.body), path).not.toContain('ada-');
    }
    for (const before of ['2030-01-01T00:00:00Z', '1970-01-01T00:00:00Z', '2026-11-01T10:00:01Z']) {
      const page = await fixture.request('GET', `/calls?before=${encodeURIComponent(before)}`);
      expect(page.status).toBe(200);
      for (const call of page.body.calls as Json[]) expect(call.principalId).toBe('uma');
    }
    for (const limit of ['100000', '-1', '1e3', 'NaN', '2.5']) {
      const answer = await fixture.request('GET', `/calls?limit=${limit}`);
      expect(answer.status, limit).toBe(422);
      expect(answer.body.code).toBe('validation_failed');
    }
  });

  it('/calls pages through calls that finished in the same millisecond without losing any', async () => {
    for (const limit of [1, 2, 3, 50]) {
      const seen: string[] = [];
      let before: string | undefined;
      for (let page = 0; page < 20; page++) {
        const query = `?limit=${limit}${before ? `&before=${encodeURIComponent(before)}` : ''}`;
        const answer = await fixture.request('GET', `/calls${query}`);
        expect(answer.status).toBe(200);
        seen.push(...(answer.body.calls as Json[]).map((call) => String(call.id)));
        before = answer.body.nextBefore as string | undefined;
        if (before === undefined) break;
      }
      expect(seen.sort(), `limit ${limit}`).toEqual(
        [0, 1, 2, 3, 4, 5, 6].map((index) => `same-${index}`),
      );
    }
  });

  it('approving takes no shortcut: method override headers, odd names, any body', async () => {
    const overridden = await fixture.request('GET', '/quarantine/billing.refund_card/approve', {
      token: ADMIN_TOKEN,
      headers: { 'x-http-method-override': 'POST', 'x-method-override': 'POST' },
    });
    expect(overridden.status).toBe(405);
    const reader = await fixture.request('POST', '/quarantine/billing.refund_card/approve', {
      headers: { 'x-http-method-override': 'GET' },
    });
    expect(reader.status).toBe(403);
    for (const name of ['..%2F..%2Fpins', '%00', 'x'.repeat(4000), '%F0%9F%92%A5', '*']) {
      const answer = await fixture.request('POST', `/quarantine/${name}/approve`, {
        token: ADMIN_TOKEN,
      });
      expect(answer.status, name.slice(0, 20)).toBe(404);
      expect(answer.body.code).toBe('tool_not_found');
    }
    // What a plain HTML form on another site can post is refused before anything happens.
    for (const type of [
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'text/plain',
    ]) {
      const form = await fixture.request('POST', '/quarantine/billing.refund_card/approve', {
        token: ADMIN_TOKEN,
        body: 'a=b',
        headers: { 'content-type': type },
      });
      expect(form.status, type).toBe(415);
      expect(String(form.body.detail)).toMatch(/takes no body/);
    }
    const still = await fixture.request('GET', '/quarantine', { token: ADMIN_TOKEN });
    expect((still.body.tools as Json[]).length).toBe(1);
    expect((await fixture.request('GET', '/pins', { token: '' })).status).toBe(401);
    expect(USER_TOKEN).not.toBe(ADMIN_TOKEN);
  });
});

describe('/calls for anonymous callers of a server without authentication', () => {
  it('pages to the calls made without a principal, however many calls with one are newer', async () => {
    const history = createInMemoryHistoryStore();
    const anonymous = (id: string, completedAt: string): AuditRecord => {
      const { principalId: _dropped, ...rest } = record(id, 'x', completedAt);
      return { ...rest };
    };
    for (let index = 0; index < 5; index++) {
      await history.append(anonymous(`anon-${index}`, '2026-11-01T09:00:00.000Z'));
    }
    const start = Date.parse('2026-11-01T10:00:00.000Z');
    for (let index = 0; index < 6000; index++) {
      await history.append(record(`named-${index}`, 'uma', new Date(start + index).toISOString()));
    }
    await history.append(anonymous('anon-newest', '2026-11-02T00:00:00.000Z'));
    const arsenal = createArsenal();
    const server = await startRestServer(arsenal, { port: await freePort(), history });
    try {
      const seen: string[] = [];
      let before: string | undefined;
      for (let page = 0; page < 20; page++) {
        const query = `?limit=2${before ? `&before=${encodeURIComponent(before)}` : ''}`;
        const answer = await fetch(`${server.url}/calls${query}`);
        expect(answer.status).toBe(200);
        const body = (await answer.json()) as { calls: Json[]; nextBefore?: string };
        for (const call of body.calls) expect(call.principalId).toBeUndefined();
        seen.push(...body.calls.map((call) => String(call.id)));
        before = body.nextBefore;
        if (before === undefined) break;
      }
      expect(seen.sort()).toEqual([
        'anon-0',
        'anon-1',
        'anon-2',
        'anon-3',
        'anon-4',
        'anon-newest',
      ]);
    } finally {
      await server.close();
      await arsenal.close();
    }
  });
});
