import type { Principal } from '@arsenal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_TOKEN,
  type Fixture,
  OTHER_TOKEN,
  startFixture,
  USER_TOKEN,
} from './rest-api-test-support.js';

interface Listed {
  id: string;
  tool: string;
  arguments: Record<string, unknown>;
  principalId?: string;
  mine: boolean;
  canSettle: boolean;
  expiresAt: string;
  requestedAt: string;
}

const listed = (body: Record<string, unknown>) => body.confirmations as Listed[];

describe('GET /confirmations and settling another caller’s confirmation', () => {
  let fixture: Fixture;
  beforeAll(async () => {
    // ada settles every confirmation; otto may read every caller's, but not settle them.
    fixture = await startFixture({
      canSettleAnyConfirmation: (principal: Principal | undefined) => principal?.id === 'ada',
      canReadAllCalls: (principal: Principal | undefined) =>
        principal?.id === 'ada' || principal?.id === 'otto',
    });
  });
  afterAll(() => fixture.close());

  async function park(args: Record<string, unknown>): Promise<string> {
    const pending = await fixture.request('POST', '/execute', {
      body: { tool: 'notes.delete_note', arguments: args },
    });
    expect(pending.status).toBe(202);
    return (pending.body.confirmation as { id: string }).id;
  }

  it('lists a call to its caller with redacted arguments, and to principals who see them all', async () => {
    const id = await park({ id: 'n1', apiKey: 'sk-live-0123456789' });
    const own = await fixture.request('GET', '/confirmations');
    expect(own.status).toBe(200);
    expect(own.body.canSettleAll).toBe(false);
    expect(listed(own.body)).toEqual([
      expect.objectContaining({
        id,
        tool: 'notes.delete_note',
        arguments: { id: 'n1', apiKey: '[REDACTED]' },
        principalId: 'uma',
        mine: true,
        canSettle: true,
      }),
    ]);
    const [entry] = listed(own.body);
    expect(entry).not.toHaveProperty('owner');
    expect(Date.parse(entry?.expiresAt ?? '')).toBeGreaterThan(
      Date.parse(entry?.requestedAt ?? ''),
    );
    expect(JSON.stringify(own.body)).not.toContain('sk-live');

    const admin = await fixture.request('GET', '/confirmations', { token: ADMIN_TOKEN });
    expect(admin.body.canSettleAll).toBe(true);
    expect(listed(admin.body)).toEqual([
      expect.objectContaining({ id, principalId: 'uma', mine: false, canSettle: true }),
    ]);
    const reader = await fixture.request('GET', '/confirmations', { token: OTHER_TOKEN });
    expect(listed(reader.body)).toEqual([
      expect.objectContaining({ id, mine: false, canSettle: false }),
    ]);

    // One who may only look is refused, and the call stays pending.
    for (const action of ['confirm', 'reject']) {
      const forced = await fixture.request('POST', `/confirmations/${id}/${action}`, {
        token: OTHER_TOKEN,
      });
      expect(forced.status).toBe(403);
      expect(forced.body.code).toBe('permission_denied');
    }
    expect(listed((await fixture.request('GET', '/confirmations')).body)).toHaveLength(1);

    // The approver confirms it: the call runs (as its caller) and leaves every list.
    const confirmed = await fixture.request('POST', `/confirmations/${id}/confirm`, {
      token: ADMIN_TOKEN,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.result).toBe('deleted n1');
    for (const token of [USER_TOKEN, ADMIN_TOKEN, OTHER_TOKEN]) {
      expect(listed((await fixture.request('GET', '/confirmations', { token })).body)).toEqual([]);
    }
    const again = await fixture.request('POST', `/confirmations/${id}/confirm`);
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('confirmation_invalid');
  });

  it('lets an approver reject another caller’s call', async () => {
    const id = await park({ id: 'n2' });
    const rejected = await fixture.request('POST', `/confirmations/${id}/reject`, {
      token: ADMIN_TOKEN,
    });
    expect(rejected.status).toBe(409);
    expect((rejected.body.result as { error: { code: string } }).error.code).toBe(
      'confirmation_rejected',
    );
    expect(listed((await fixture.request('GET', '/confirmations')).body)).toEqual([]);
  });

  it('lists an async call once its invocation waits for confirmation', async () => {
    const started = await fixture.request('POST', '/execute', {
      body: { tool: 'notes.delete_note', arguments: { id: 'n3' }, mode: 'async' },
    });
    expect(started.status).toBe(202);
    await fixture.arsenal.result(started.body.invocationId as string);
    let entries: Listed[] = [];
    for (let attempt = 0; attempt < 200 && entries.length === 0; attempt++) {
      entries = listed((await fixture.request('GET', '/confirmations')).body);
      if (entries.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(entries).toEqual([
      expect.objectContaining({ arguments: { id: 'n3' }, principalId: 'uma', mine: true }),
    ]);
    const confirmed = await fixture.request(
      'POST',
      `/confirmations/${entries[0]?.id ?? ''}/confirm`,
    );
    expect(confirmed.body.result).toBe('deleted n3');
  });

  it('lists a call parked outside the API (in code, through MCP) to those who see every call, and lets the approver settle it', async () => {
    const parked = await fixture.arsenal.execute({
      tool: 'notes.delete_note',
      arguments: { id: 'n4', token: 'secret-token-value' },
      principal: { id: 'mcp-user', capabilities: [] },
    });
    expect(parked.status).toBe('pending_confirmation');
    const id = parked.confirmation!.id;
    // Its caller has no REST identity: plain callers do not see it and cannot settle it.
    expect(listed((await fixture.request('GET', '/confirmations')).body)).toEqual([]);
    const guessed = await fixture.request('POST', `/confirmations/${id}/confirm`);
    expect(guessed.status).toBe(404);
    const expected = {
      id,
      tool: 'notes.delete_note',
      arguments: { id: 'n4', token: '[REDACTED]' },
      principalId: 'mcp-user',
      mine: false,
    };
    const reader = await fixture.request('GET', '/confirmations', { token: OTHER_TOKEN });
    expect(listed(reader.body)).toEqual([
      expect.objectContaining({ ...expected, canSettle: false }),
    ]);
    const refused = await fixture.request('POST', `/confirmations/${id}/reject`, {
      token: OTHER_TOKEN,
    });
    expect(refused.status).toBe(403);
    const admin = await fixture.request('GET', '/confirmations', { token: ADMIN_TOKEN });
    expect(listed(admin.body)).toEqual([expect.objectContaining({ ...expected, canSettle: true })]);
    const confirmed = await fixture.request('POST', `/confirmations/${id}/confirm`, {
      token: ADMIN_TOKEN,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.result).toBe('deleted n4');
    expect(
      listed((await fixture.request('GET', '/confirmations', { token: ADMIN_TOKEN })).body),
    ).toEqual([]);
  });

  it('refuses a bad query with the reason', async () => {
    for (const query of ['limit=0', 'limit=501', 'limit=two', 'owner=uma']) {
      const answer = await fixture.request('GET', `/confirmations?${query}`);
      expect(answer.status, query).toBe(422);
      expect(answer.body.code, query).toBe('validation_failed');
    }
    const limited = await fixture.request('GET', '/confirmations?limit=1');
    expect(limited.body.limit).toBe(1);
  });
});
