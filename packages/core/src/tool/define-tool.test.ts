import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { ToolDefinitionError } from '../errors/arsenal-error.js';
import type { ToolCallContext } from '../ports/executor.js';
import { defineTool } from './define-tool.js';

describe('defineTool', () => {
  it('takes a zod schema: JSON Schema for the model, inferred argument types for the handler', async () => {
    const tool = defineTool({
      name: 'add_numbers',
      description: 'Add two numbers and return their sum.',
      input: z.object({
        a: z.number().describe('first'),
        b: z.number(),
        note: z.string().optional(),
      }),
      handler: ({ a, b }) => a + b,
    });
    expect(tool.definition.parametersSchema).toMatchObject({
      type: 'object',
      properties: { a: { type: 'number', description: 'first' }, b: { type: 'number' } },
      required: ['a', 'b'],
    });
    expect(tool.definition.parametersSchema.$schema).toBeUndefined();
    expect(tool.definition.source).toBe('function');
    expect(tool.inputSchema).toBeDefined();
    expectTypeOf(tool.handler)
      .parameter(0)
      .toEqualTypeOf<{ a: number; b: number; note?: string | undefined }>();
    expect(await tool.handler({ a: 2, b: 3 }, {} as ToolCallContext)).toBe(5);
  });

  it('takes a plain JSON Schema written as const and infers from it', () => {
    const tool = defineTool({
      name: 'send_email',
      description: 'Send an email to one recipient.',
      input: {
        type: 'object',
        properties: {
          to: { type: 'string' },
          cc: { type: 'array', items: { type: 'string' } },
          urgent: { type: 'boolean' },
        },
        required: ['to'],
      },
      handler: (args) => args.to,
    });
    expectTypeOf(tool.handler)
      .parameter(0)
      .toEqualTypeOf<{ to: string; cc?: string[]; urgent?: boolean }>();
    expect(tool.inputSchema).toBeUndefined();
  });

  it('refuses a Standard Schema without JSON Schema support, saying how to fix it', () => {
    const validateOnly = {
      '~standard': { version: 1, vendor: 'acme', validate: (value: unknown) => ({ value }) },
    } as const;
    expect(() =>
      defineTool({
        name: 'noop_tool',
        description: 'Does nothing at all.',
        input: validateOnly as never,
        handler: () => null,
      }),
    ).toThrow(/does not implement Standard JSON Schema/);
  });

  it('refuses a missing handler', () => {
    expect(() =>
      defineTool({
        name: 'noop_tool',
        description: 'Does nothing at all.',
        input: { type: 'object' },
        handler: undefined as never,
      }),
    ).toThrow(ToolDefinitionError);
  });
});
