import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, type Fixture, startFixture } from './rest-api-test-support.js';

describe('REST /plan and /graph over HTTP', () => {
  let fixture: Fixture;
  beforeAll(async () => {
    fixture = await startFixture();
    await fixture.arsenal.register([
      {
        name: 'open_session',
        namespace: 'notes',
        description: 'Open a session with the notebook service.',
        returnsSchema: { type: 'object', properties: { session: { type: 'string' } } },
      },
      {
        name: 'refund_card',
        namespace: 'billing',
        description: 'Refund money to a customer credit card.',
        capabilities: ['financial'],
        dependencies: [
          { tool: 'billing.charge_card', kind: 'requires', reason: 'a "charge" first' },
        ],
      },
      {
        name: 'archive_note',
        namespace: 'notes',
        description: 'Archive a note of the notebook.',
        dependencies: [{ tool: 'notes.open_session', kind: 'requires' }],
      },
    ]);
  });
  afterAll(() => fixture.close());

  it('runs a plan whose second step adds to the first step’s sum, and falls back on failure', async () => {
    const response = await fixture.request('POST', '/plan/run', {
      body: {
        plan: {
          input: { x: 2, y: 3 },
          steps: [
            { id: 'first', tool: 'math.add_numbers', inputs: { a: 'input#/x', b: 'input#/y' } },
            {
              id: 'second',
              tool: 'math.fail_always',
              arguments: { b: 10 },
              inputs: { a: 'first#/sum' },
              fallbacks: ['math.add_numbers'],
            },
          ],
        },
      },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 'succeeded',
      outputs: { first: { sum: 5 }, second: { sum: 15 } },
    });
    const steps = response.body.steps as {
      id: string;
      fallbackUsed?: boolean;
      producedBy?: string;
    }[];
    expect(steps[1]).toMatchObject({ fallbackUsed: true, producedBy: 'math.add_numbers:1.0.0' });
  });

  it('plans only with tools the caller may see: a hidden tool is unknown to a plan', async () => {
    const plan = { steps: [{ id: 'pay', tool: 'billing.charge_card', arguments: { amount: 3 } }] };
    const refused = await fixture.request('POST', '/plan/run', { body: { plan } });
    expect(refused.status).toBe(422);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    expect(refused.body.code).toBe('invalid_plan');
    expect(refused.body.issues).toEqual([
      expect.objectContaining({ step: 'pay', code: 'unknown_tool' }),
    ]);
    const allowed = await fixture.request('POST', '/plan/run', {
      token: ADMIN_TOKEN,
      body: { plan },
    });
    expect(allowed.status).toBe(200);
    expect(allowed.body.outputs).toEqual({ pay: { charged: 3 } });
  });

  it('validates without running, and plans from a task', async () => {
    const validation = await fixture.request('POST', '/plan/validate', {
      body: {
        plan: {
          steps: [{ id: 'sum', tool: 'math.add_numbers', inputs: { a: 'nowhere#/x' } }],
        },
      },
    });
    expect(validation.status).toBe(200);
    expect(validation.body.valid).toBe(false);
    expect(
      (validation.body.issues as { code: string }[]).map((issue) => issue.code).sort(),
    ).toEqual(['missing_required', 'unknown_source']);

    const planned = await fixture.request('POST', '/plan', {
      body: { task: 'add two numbers together', input: { a: 1, b: 2 } },
    });
    expect(planned.status).toBe(200);
    expect(planned.body.plan).toMatchObject({
      steps: [{ tool: 'math.add_numbers:1.0.0', inputs: { a: 'input#/a', b: 'input#/b' } }],
    });
    expect(planned.body.validation).toMatchObject({ valid: true });
  });

  it('serves the dependency graph as JSON, Mermaid and DOT, without tools the caller may not see', async () => {
    const user = await fixture.request('GET', '/graph');
    expect(user.status).toBe(200);
    expect(user.body.edges).toEqual([
      expect.objectContaining({
        from: 'notes.archive_note:1.0.0',
        to: 'notes.open_session:1.0.0',
        kind: 'requires',
      }),
    ]);
    expect(user.body.nodes).not.toContain('billing.refund_card:1.0.0');

    const admin = await fixture.request('GET', '/graph', { token: ADMIN_TOKEN });
    expect((admin.body.edges as unknown[]).length).toBe(2);

    const mermaid = await fetch(`${fixture.server.url}/graph?format=mermaid`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(mermaid.headers.get('content-type')).toMatch(/^text\/vnd\.mermaid/);
    expect(await mermaid.text()).toMatch(/-->\|"requires: a #quot;charge#quot; first"\|/);
    const dot = await fetch(`${fixture.server.url}/graph?format=dot`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(await dot.text()).toContain(
      '"billing.refund_card:1.0.0" -> "billing.charge_card:1.0.0" [label="requires: a \\"charge\\" first", style=solid];',
    );

    const bad = await fixture.request('GET', '/graph?format=xml');
    expect(bad.status).toBe(422);
  });

  it('rejects malformed plans with problem details, never crashing', async () => {
    const notJson = await fetch(`${fixture.server.url}/plan/run`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: 'Bearer user-token-0123456789',
      },
      body: '{"plan": ',
    });
    expect(notJson.status).toBe(400);
    const wrongShape = await fixture.request('POST', '/plan/run', {
      body: { plan: { steps: [{ id: 'x' }] }, extra: true },
    });
    expect(wrongShape.status).toBe(422);
    const tooMany = await fixture.request('POST', '/plan/validate', {
      body: {
        plan: { steps: Array.from({ length: 101 }, (_, i) => ({ id: `s${i}`, tool: 'x' })) },
      },
    });
    expect(tooMany.status).toBe(422);
    const alive = await fixture.request('POST', '/plan/validate', {
      body: {
        plan: { steps: [{ id: 'ok', tool: 'math.add_numbers', arguments: { a: 1, b: 2 } }] },
      },
    });
    expect(alive.body).toMatchObject({ valid: true, issues: [] });
  });
});
