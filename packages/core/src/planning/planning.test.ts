import { describe, expect, it } from 'vitest';
import { createArsenal } from '../arsenal/arsenal.js';
import { ArsenalError } from '../errors/arsenal-error.js';
import { defineTool } from '../tool/define-tool.js';
import type { PlanError } from './plan-error.js';
import type { ExecutionPlan, PlanProgress } from './plan-types.js';
import { createPlanning } from './planning.js';

interface Order {
  id: string;
  total: number;
}

/** A small shop: fetch orders, turn them into CSV, store the file (two stores: one is down). */
async function shop(
  options: { primaryStoreDown?: boolean; slowFetch?: boolean; onFetch?: () => void } = {},
) {
  const stored: { where: string; name: string; content: string }[] = [];
  const calls: string[] = [];
  const arsenal = createArsenal();
  await arsenal.register([
    defineTool({
      name: 'fetch_orders',
      description: 'Fetch the orders of a customer from the order service.',
      input: {
        type: 'object',
        properties: { customer: { type: 'string' } },
        required: ['customer'],
      },
      output: {
        type: 'object',
        properties: {
          orders: { type: 'array', items: { type: 'object' } },
          count: { type: 'integer' },
        },
      },
      handler: async ({ customer }: { customer: string }, context) => {
        calls.push('fetch_orders');
        options.onFetch?.();
        if (options.slowFetch) {
          await new Promise((resolve, reject) => {
            const timer = setTimeout(resolve, 30_000);
            context.signal?.addEventListener('abort', () => {
              clearTimeout(timer);
              reject(new Error('aborted'));
            });
          });
        }
        const orders: Order[] = [
          { id: `${customer}-1`, total: 12.5 },
          { id: `${customer}-2`, total: 40 },
        ];
        return { orders, count: orders.length };
      },
    }),
    defineTool({
      name: 'orders_to_csv',
      description: 'Convert a list of orders to CSV text.',
      input: {
        type: 'object',
        properties: { orders: { type: 'array', items: { type: 'object' } } },
        required: ['orders'],
      },
      output: { type: 'object', properties: { csv: { type: 'string' } } },
      handler: ({ orders: rows }) => {
        const orders = rows as unknown as Order[];
        calls.push('orders_to_csv');
        return {
          csv: ['id,total', ...orders.map((order) => `${order.id},${order.total}`)].join('\n'),
        };
      },
    }),
    defineTool({
      name: 'store_in_bucket',
      description: 'Store a text file in the object storage bucket.',
      input: {
        type: 'object',
        properties: { name: { type: 'string' }, content: { type: 'string' } },
        required: ['name', 'content'],
      },
      handler: ({ name, content }: { name: string; content: string }) => {
        calls.push('store_in_bucket');
        if (options.primaryStoreDown) throw new Error('bucket service unavailable (503)');
        stored.push({ where: 'bucket', name, content });
        return { stored: name };
      },
    }),
    defineTool({
      name: 'store_on_disk',
      description: 'Store a text file on the shared disk.',
      input: {
        type: 'object',
        properties: { name: { type: 'string' }, content: { type: 'string' } },
        required: ['name', 'content'],
      },
      handler: ({ name, content }: { name: string; content: string }) => {
        calls.push('store_on_disk');
        stored.push({ where: 'disk', name, content });
        return { stored: name };
      },
    }),
  ]);
  return { arsenal, planning: createPlanning(arsenal), stored, calls };
}

const chain: ExecutionPlan = {
  task: 'export the orders of a customer as CSV',
  input: { customer: 'acme', file: 'acme.csv' },
  steps: [
    { id: 'fetch', tool: 'fetch_orders', inputs: { customer: 'input#/customer' } },
    { id: 'csv', tool: 'orders_to_csv', inputs: { orders: 'fetch#/orders' } },
    {
      id: 'store',
      tool: 'store_in_bucket',
      inputs: { name: 'input#/file', content: 'csv#/csv' },
      fallbacks: ['store_on_disk'],
    },
  ],
};

describe('running plans', () => {
  it('runs fetch → transform → store with values mapped between steps', async () => {
    const { planning, stored } = await shop();
    const progress: PlanProgress[] = [];
    const run = await planning.run(chain, { onProgress: (update) => progress.push(update) });

    expect(run.status).toBe('succeeded');
    expect(run.steps.map((step) => [step.id, step.status])).toEqual([
      ['fetch', 'succeeded'],
      ['csv', 'succeeded'],
      ['store', 'succeeded'],
    ]);
    expect(stored).toEqual([
      { where: 'bucket', name: 'acme.csv', content: 'id,total\nacme-1,12.5\nacme-2,40' },
    ]);
    expect(run.steps[2]!.arguments).toEqual({ name: 'acme.csv', content: stored[0]!.content });
    expect(run.steps[2]!.producedBy).toBe('default.store_in_bucket:1.0.0');
    expect(progress.filter((update) => update.status === 'running').map((u) => u.step)).toEqual([
      'fetch',
      'csv',
      'store',
    ]);
    expect(progress.at(-1)).toMatchObject({ done: 3, total: 3 });
  });

  it('falls back to the next tool when a step fails, and records which tool produced it', async () => {
    const { planning, stored, calls } = await shop({ primaryStoreDown: true });
    const run = await planning.run(chain);

    expect(run.status).toBe('succeeded');
    const store = run.steps.find((step) => step.id === 'store')!;
    expect(store.fallbackUsed).toBe(true);
    expect(store.producedBy).toBe('default.store_on_disk:1.0.0');
    expect(store.attempts.map((attempt) => [attempt.tool, attempt.status])).toEqual([
      ['default.store_in_bucket:1.0.0', 'failure'],
      ['default.store_on_disk:1.0.0', 'success'],
    ]);
    expect(store.attempts[0]!.error?.message).toMatch(/bucket service unavailable/);
    expect(stored.map((entry) => entry.where)).toEqual(['disk']);
    expect(calls).toEqual(['fetch_orders', 'orders_to_csv', 'store_in_bucket', 'store_on_disk']);
  });

  it('skips the steps after a failure with no fallback, runs independent ones: a partial run', async () => {
    const { planning, stored } = await shop({ primaryStoreDown: true });
    const plan: ExecutionPlan = {
      ...chain,
      steps: [
        ...chain.steps.slice(0, 2),
        {
          id: 'store',
          tool: 'store_in_bucket',
          inputs: { name: 'input#/file', content: 'csv#/csv' },
        },
        {
          id: 'report',
          tool: 'store_on_disk',
          after: ['store'],
          arguments: { name: 'ok', content: 'done' },
        },
        {
          id: 'backup',
          tool: 'store_on_disk',
          inputs: { name: 'input#/customer', content: 'csv#/csv' },
        },
      ],
    };
    const run = await planning.run(plan);

    expect(run.status).toBe('partial');
    const status = Object.fromEntries(run.steps.map((step) => [step.id, step.status]));
    expect(status).toEqual({
      fetch: 'succeeded',
      csv: 'succeeded',
      store: 'failed',
      report: 'skipped',
      backup: 'succeeded',
    });
    expect(run.steps.find((step) => step.id === 'report')!.reason).toMatch(
      /"store" did not succeed/,
    );
    expect(stored.map((entry) => entry.name)).toEqual(['acme']);
    expect(run.outputs).toHaveProperty('backup');
    expect(run.outputs).not.toHaveProperty('store');
  });

  it('cancels: the running call is aborted and later steps never start', async () => {
    const controller = new AbortController();
    const { planning, calls } = await shop({ slowFetch: true, onFetch: () => controller.abort() });
    const pending = planning.run(chain, { signal: controller.signal });
    const run = await pending;
    expect(run.status).toBe('cancelled');
    expect(run.steps.map((step) => step.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    expect(calls).toEqual(['fetch_orders']);
  });

  it('refuses to run an invalid plan, naming each problem and its step', async () => {
    const { planning, calls } = await shop();
    const error = await planning
      .run({
        input: { customer: 'acme' },
        steps: [
          { id: 'fetch', tool: 'fetch_orders', inputs: { customer: 'input#/customer' } },
          { id: 'csv', tool: 'orders_to_csv', inputs: { orders: 'fetch#/count' } },
          { id: 'store', tool: 'store_in_bucket', inputs: { content: 'nowhere#/csv' } },
        ],
      })
      .then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
    expect(ArsenalError.isInstance(error)).toBe(true);
    expect((error as PlanError).code).toBe('invalid_plan');
    const issues = (error as PlanError).issues.map((issue) => [issue.step, issue.code]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['csv', 'incompatible_value'],
        ['store', 'unknown_source'],
        ['store', 'missing_required'],
      ]),
    );
    expect((error as Error).message).toMatch(/produces integer but the parameter takes array/);
    expect(calls).toEqual([]);
  });
});

describe('planning from a task', () => {
  it('plans the chain from words alone: one step per clause, values wired by name and type', async () => {
    const { planning, stored } = await shop({ primaryStoreDown: true });
    const plan = await planning.plan({
      task: 'fetch the orders of the customer, then convert the orders to CSV, then store the file in the bucket',
      input: { customer: 'acme', name: 'acme.csv' },
    });

    expect(plan.steps.map((step) => step.tool)).toEqual([
      'default.fetch_orders:1.0.0',
      'default.orders_to_csv:1.0.0',
      'default.store_in_bucket:1.0.0',
    ]);
    expect(plan.steps[0]!.inputs).toEqual({ customer: 'input#/customer' });
    expect(plan.steps[1]!.inputs).toEqual({ orders: 'fetch_orders#/orders' });
    expect(plan.steps[2]!.inputs).toEqual({ name: 'input#/name', content: 'orders_to_csv#/csv' });
    expect(plan.steps[2]!.fallbacks).toContain('default.store_on_disk:1.0.0');
    expect(planning.validate(plan).valid).toBe(true);

    const run = await planning.run(plan);
    expect(run.status).toBe('succeeded');
    expect(stored[0]).toMatchObject({ where: 'disk', name: 'acme.csv' });
  });

  it('puts the tools a step requires before it', async () => {
    const arsenal = createArsenal();
    await arsenal.register([
      {
        name: 'login',
        description: 'Log in to the ticket system and get a session.',
        returnsSchema: { type: 'object', properties: { session: { type: 'string' } } },
      },
      {
        name: 'create_ticket',
        description: 'Create a support ticket with a title.',
        parametersSchema: {
          type: 'object',
          properties: { session: { type: 'string' }, title: { type: 'string' } },
          required: ['session', 'title'],
        },
        dependencies: [{ tool: 'login', kind: 'requires', reason: 'needs a session' }],
      },
    ]);
    const planning = createPlanning(arsenal);
    const plan = await planning.plan({
      task: 'create a support ticket',
      input: { title: 'Broken' },
    });
    expect(plan.steps.map((step) => step.id)).toEqual(['login', 'create_ticket']);
    expect(plan.steps[1]!.inputs).toEqual({ session: 'login#/session', title: 'input#/title' });
    expect(planning.validate(plan).issues).toEqual([]);
  });
});
