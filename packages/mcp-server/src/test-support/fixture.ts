import {
  type Arsenal,
  ArsenalError,
  createArsenal,
  createSecurityPolicy,
  defineTool,
} from '@arsenal/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';

/** A small catalog: math and notes for everyone, billing for finance, one destructive tool. */
export async function createFixtureArsenal(): Promise<Arsenal> {
  // The tests' clients are anonymous; they may use every tool, `financial` ones too.
  const arsenal = createArsenal({
    policy: createSecurityPolicy({ anonymousCapabilities: ['*'] }),
  });
  const summary = await arsenal.register([
    defineTool({
      name: 'add_numbers',
      namespace: 'math',
      description: 'Add two numbers and return their sum.',
      input: {
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: 'number' } },
        required: ['a', 'b'],
      },
      handler: ({ a, b }) => ({ sum: a + b }),
    }),
    defineTool({
      name: 'fail_always',
      namespace: 'math',
      description: 'A tool that always fails, to test error reporting.',
      input: { type: 'object', properties: {} },
      handler: () => {
        throw new ArsenalError('upstream_broken', 'The upstream service is broken.');
      },
    }),
    defineTool({
      name: 'save_note',
      namespace: 'notes',
      description: 'Save a short text note to the notebook.',
      input: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
      handler: ({ text }) => `saved: ${text}`,
    }),
    defineTool({
      name: 'delete_note',
      namespace: 'notes',
      description: 'Delete a note from the notebook permanently.',
      input: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
      handler: ({ id }) => `deleted ${id}`,
    }),
    defineTool({
      name: 'charge_card',
      namespace: 'billing',
      description: 'Charge a customer credit card a given amount of money.',
      capabilities: ['financial'],
      input: {
        type: 'object',
        properties: { amount: { type: 'number' } },
        required: ['amount'],
      },
      handler: ({ amount }) => ({ charged: amount }),
    }),
  ]);
  if (summary.failed.length > 0) throw summary.failed[0]?.error;
  return arsenal;
}

export interface ClientOptions {
  token?: string;
  /** Answer elicitation requests with this (declares the capability when given). */
  elicit?: (message: string) => ElicitResult;
}

/** An SDK client connected over Streamable HTTP. */
export async function connectHttpClient(url: string, options: ClientOptions = {}): Promise<Client> {
  const client = new Client(
    { name: 'test-client', version: '1.0.0' },
    { capabilities: options.elicit ? { elicitation: { form: {} } } : {} },
  );
  if (options.elicit) {
    const answer = options.elicit;
    client.setRequestHandler(ElicitRequestSchema, (request) => answer(request.params.message));
  }
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: options.token ? { headers: { authorization: `Bearer ${options.token}` } } : {},
  });
  await client.connect(transport);
  return client;
}

/** The text of the first content block of a tool result. */
export function firstText(result: unknown): string {
  const content = (result as { content?: { type: string; text?: string }[] }).content ?? [];
  return content.find((block) => block.type === 'text')?.text ?? '';
}

/** The pending confirmation a result carries in `_meta`. */
export function confirmationOf(result: { _meta?: Record<string, unknown> }): {
  confirmationId: string;
} {
  const meta = result._meta ?? {};
  return meta['arsenal/confirmation'] as { confirmationId: string };
}
