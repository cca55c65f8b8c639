import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_TOKEN,
  createGate,
  type Fixture,
  OTHER_TOKEN,
  readEvents,
  startFixture,
  USER_TOKEN,
} from './rest-api-test-support.js';

describe('REST /execute and /invocations over HTTP', () => {
  let fixture: Fixture;
  beforeAll(async () => {
    fixture = await startFixture();
  });
  afterAll(() => fixture.close());

  it('runs a call synchronously', async () => {
    const response = await fixture.request('POST', '/execute', {
      body: { tool: 'math.add_numbers', arguments: { a: 2, b: 3 } },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'success', result: { sum: 5 } });
  });

  it('maps failed calls to problem details that keep the ToolResult', async () => {
    const invalid = await fixture.request('POST', '/execute', {
      body: { tool: 'add_numbers', arguments: { a: 'two' } },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.headers.get('content-type')).toBe('application/problem+json');
    expect((invalid.body.result as { status: string }).status).toBe('invalid_arguments');

    const missing = await fixture.request('POST', '/execute', { body: { tool: 'add_numbrs' } });
    expect(missing.status).toBe(404);
    expect(missing.body.suggestions).toContain('add_numbers');

    const failed = await fixture.request('POST', '/execute', { body: { tool: 'fail_always' } });
    expect(failed.status).toBe(502);
    expect(failed.body.detail).toContain('The upstream service is broken.');

    const noBody = await fixture.request('POST', '/execute', { body: { arguments: {} } });
    expect(noBody.status).toBe(422);
    expect((noBody.body.issues as { path: string }[])[0]?.path).toBe('/tool');
  });

  it('refuses a timeoutMs no timer can hold, before anything runs', async () => {
    for (const timeoutMs of [1e15, 2 ** 31, 0, -5, 1.5]) {
      const response = await fixture.request('POST', '/execute', {
        body: { tool: 'math.add_numbers', arguments: { a: 2, b: 3 }, timeoutMs },
      });
      expect(response.status, String(timeoutMs)).toBe(422);
      expect((response.body.issues as { path: string }[])[0]?.path).toBe('/timeoutMs');
    }
    const within = await fixture.request('POST', '/execute', {
      body: { tool: 'math.add_numbers', arguments: { a: 2, b: 3 }, timeoutMs: 86_400_000 },
    });
    expect(within.status).toBe(200);
  });

  it('answers a call of a tool the policy hides from the principal as an unknown tool', async () => {
    const denied = await fixture.request('POST', '/execute', {
      body: { tool: 'billing.charge_card', arguments: { amount: 10 } },
    });
    expect(denied.status).toBe(404);
    expect(denied.body.code).toBe('tool_not_found');
    expect(denied.headers.get('content-type')).toBe('application/problem+json');
    expect(JSON.stringify(denied.body)).not.toMatch(/financial|capabilit|polic/i);
    const allowed = await fixture.request('POST', '/execute', {
      token: ADMIN_TOKEN,
      body: { tool: 'billing.charge_card', arguments: { amount: 10 } },
    });
    expect(allowed.status).toBe(200);
  });

  it('asks for a confirmation that only the same caller can settle, once', async () => {
    const pending = await fixture.request('POST', '/execute', {
      body: { tool: 'notes.delete_note', arguments: { id: 'n1' } },
    });
    expect(pending.status).toBe(202);
    expect(pending.body.status).toBe('pending_confirmation');
    const id = (pending.body.confirmation as { id: string }).id;

    const stolen = await fixture.request('POST', `/confirmations/${id}/confirm`, {
      token: OTHER_TOKEN,
    });
    expect(stolen.status).toBe(404);
    expect(stolen.body.code).toBe('confirmation_invalid');

    const confirmed = await fixture.request('POST', `/confirmations/${id}/confirm`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.result).toBe('deleted n1');

    const twice = await fixture.request('POST', `/confirmations/${id}/confirm`);
    expect(twice.status).toBe(404);

    const another = await fixture.request('POST', '/execute', {
      body: { tool: 'notes.delete_note', arguments: { id: 'n2' } },
    });
    const anotherId = (another.body.confirmation as { id: string }).id;
    const rejected = await fixture.request('POST', `/confirmations/${anotherId}/reject`);
    expect(rejected.status).toBe(409);
    expect(rejected.headers.get('content-type')).toBe('application/problem+json');
  });

  it('runs a call asynchronously and streams its progress as server-sent events', async () => {
    fixture.gate = createGate();
    const started = await fixture.request('POST', '/execute', {
      body: { tool: 'jobs.count_slowly', mode: 'async' },
    });
    expect(started.status).toBe(202);
    const invocationId = started.body.invocationId as string;
    expect(started.headers.get('location')).toBe(`/api/invocations/${invocationId}`);

    const stream = await fetch(`${fixture.server.url}/invocations/${invocationId}/events`, {
      headers: { authorization: `Bearer ${USER_TOKEN}` },
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    const events = await readEvents(stream, (event) => {
      // The tool waits after its first step until the stream is following it.
      if (event.event === 'status') fixture.gate.open();
    });
    const kinds = events.map((event) => event.event);
    expect(kinds[0]).toBe('status');
    expect(kinds.at(-1)).toBe('result');
    const messages = events
      .filter((event) => event.event === 'progress')
      .map((event) => (event.data as { message?: string }).message);
    expect(messages).toEqual(expect.arrayContaining(['two', 'three']));
    const final = events.at(-1)?.data as { state: string; result: { result: unknown } };
    expect(final.state).toBe('completed');
    expect(final.result.result).toEqual({ counted: 3 });

    const status = await fixture.request('GET', `/invocations/${invocationId}`);
    expect(status.status).toBe(200);
    expect(status.body.state).toBe('completed');
    const cancelLate = await fixture.request('POST', `/invocations/${invocationId}/cancel`);
    expect(cancelLate.status).toBe(200);
    expect(cancelLate.body.state).toBe('completed');
  });

  it('cancels a running invocation; other callers cannot see or cancel it', async () => {
    fixture.gate = createGate();
    const started = await fixture.request('POST', '/execute', {
      body: { tool: 'jobs.count_slowly', mode: 'async' },
    });
    const invocationId = started.body.invocationId as string;

    const foreign = await fixture.request('GET', `/invocations/${invocationId}`, {
      token: OTHER_TOKEN,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('invocation_not_found');
    const foreignCancel = await fixture.request('POST', `/invocations/${invocationId}/cancel`, {
      token: OTHER_TOKEN,
    });
    expect(foreignCancel.status).toBe(404);
    const foreignEvents = await fixture.request('GET', `/invocations/${invocationId}/events`, {
      token: OTHER_TOKEN,
    });
    expect(foreignEvents.status).toBe(404);

    const stream = await fetch(`${fixture.server.url}/invocations/${invocationId}/events`, {
      headers: { authorization: `Bearer ${USER_TOKEN}` },
    });
    let cancelled: Promise<unknown> | undefined;
    const events = await readEvents(stream, (event) => {
      if (event.event === 'status' && !cancelled) {
        cancelled = fixture.request('POST', `/invocations/${invocationId}/cancel`);
      }
    });
    const cancelResponse = (await cancelled) as { status: number };
    expect(cancelResponse.status).toBe(202);
    const final = events.at(-1)?.data as { state: string };
    expect(events.at(-1)?.event).toBe('result');
    expect(final.state).toBe('cancelled');

    const unknown = await fixture.request('GET', '/invocations/inv_nope');
    expect(unknown.status).toBe(404);
  });
});
