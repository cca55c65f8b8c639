import { type Arsenal, createArsenal, defineTool } from '@arsenal/core';
import { afterEach } from 'vitest';

/** An Arsenal with a small catalog from different domains, plus call counters. */
export async function demoArsenal() {
  const calls = { weather: 0, convert: 0, deleteFile: 0, email: 0 };
  const arsenal = createArsenal();
  await arsenal.register([
    defineTool({
      name: 'get_weather',
      description: 'Get the current weather forecast (temperature, rain, wind) for a city.',
      input: {
        type: 'object',
        properties: { city: { type: 'string' } },
        required: ['city'],
        additionalProperties: false,
      } as const,
      handler: ({ city }) => {
        calls.weather += 1;
        if (city === 'Atlantis') throw new Error('no weather station in Atlantis');
        return { city, temperatureC: 21, sky: 'sunny' };
      },
    }),
    defineTool({
      name: 'convert_currency',
      description: 'Convert an amount of money from one currency to another at the current rate.',
      input: {
        type: 'object',
        properties: {
          amount: { type: 'number' },
          from: { type: 'string' },
          to: { type: 'string' },
        },
        required: ['amount', 'from', 'to'],
      } as const,
      handler: ({ amount }) => {
        calls.convert += 1;
        return { amount: amount * 0.9 };
      },
    }),
    defineTool({
      name: 'delete_file',
      namespace: 'files',
      description: 'Delete a file from the shared drive permanently. Cannot be undone.',
      requiresConfirmation: true,
      input: {
        type: 'object',
        properties: { path: { type: 'string' } },
        required: ['path'],
      } as const,
      handler: ({ path }) => {
        calls.deleteFile += 1;
        return `deleted ${path}`;
      },
    }),
    defineTool({
      name: 'send_email',
      description: 'Send an email message to a recipient with a subject and a body.',
      input: {
        type: 'object',
        properties: {
          to: { type: 'string' },
          subject: { type: 'string' },
          body: { type: 'string' },
        },
        required: ['to', 'subject', 'body'],
      } as const,
      handler: () => {
        calls.email += 1;
        return 'sent';
      },
    }),
  ]);
  return { arsenal, calls };
}

/**
 * For a test file: returns a `setup()` that gives each test a fresh `demoArsenal()`, closed after
 * the test.
 *
 * @example
 * const setup = demoArsenalPerTest();
 * it('...', async () => { const { arsenal, calls } = await setup(); });
 */
export function demoArsenalPerTest(): () => ReturnType<typeof demoArsenal> {
  const open: Arsenal[] = [];
  afterEach(async () => {
    for (const arsenal of open.splice(0)) await arsenal.close();
  });
  return async () => {
    const demo = await demoArsenal();
    open.push(demo.arsenal);
    return demo;
  };
}
