import { defineTool, type ElicitationRequest, type ToolCallContext } from '@arsenal/core';

// Fixture tools of the conformance scenarios that make requests of the client while they run:
// written as ordinary Arsenal tools with context.sample and context.elicit.

const NO_ARGUMENTS = { type: 'object', properties: {} } as const;

async function elicited(context: ToolCallContext, request: ElicitationRequest) {
  const answer = await context.elicit?.(request);
  return {
    content: [
      {
        type: 'text',
        text: `Elicitation completed: action=${answer?.action}, content=${JSON.stringify(answer?.content ?? {})}`,
      },
    ],
  };
}

export const conformanceClientFixtures = [
  defineTool({
    name: 'test_sampling',
    namespace: 'conformance',
    description: 'Conformance fixture: asks the client model for a completion of the prompt.',
    input: {
      type: 'object',
      properties: { prompt: { type: 'string' } },
      required: ['prompt'],
    } as const,
    handler: async ({ prompt }, context) => {
      const answer = await context.sample?.({
        messages: [{ role: 'user', content: { type: 'text', text: prompt } }],
        maxTokens: 100,
      });
      const content = answer?.content as { type?: string; text?: string } | undefined;
      return { content: [{ type: 'text', text: `LLM response: ${content?.text ?? ''}` }] };
    },
  }),
  defineTool({
    name: 'test_elicitation',
    namespace: 'conformance',
    description: 'Conformance fixture: asks the user for a username and an email.',
    input: {
      type: 'object',
      properties: { message: { type: 'string' } },
      required: ['message'],
    } as const,
    handler: ({ message }, context) =>
      elicited(context, {
        message,
        requestedSchema: {
          type: 'object',
          properties: {
            username: { type: 'string', description: "User's response" },
            email: { type: 'string', description: "User's email address" },
          },
          required: ['username', 'email'],
        },
      }),
  }),
  defineTool({
    name: 'test_elicitation_sep1034_defaults',
    namespace: 'conformance',
    description: 'Conformance fixture: elicits with a default for every primitive type.',
    input: NO_ARGUMENTS,
    handler: (_args, context) =>
      elicited(context, {
        message: 'Please review the defaults.',
        requestedSchema: {
          type: 'object',
          properties: {
            name: { type: 'string', default: 'John Doe' },
            age: { type: 'integer', default: 30 },
            score: { type: 'number', default: 95.5 },
            status: { type: 'string', enum: ['active', 'inactive', 'pending'], default: 'active' },
            verified: { type: 'boolean', default: true },
          },
        },
      }),
  }),
  defineTool({
    name: 'test_elicitation_sep1330_enums',
    namespace: 'conformance',
    description: 'Conformance fixture: elicits with every enum form.',
    input: NO_ARGUMENTS,
    handler: (_args, context) => {
      const titled = (prefix: string, title: string) =>
        [1, 2, 3].map((n) => ({ const: `${prefix}${n}`, title: `${title} ${n}` }));
      return elicited(context, {
        message: 'Pick some options.',
        requestedSchema: {
          type: 'object',
          properties: {
            untitledSingle: { type: 'string', enum: ['option1', 'option2', 'option3'] },
            titledSingle: { type: 'string', oneOf: titled('value', 'Option') },
            legacyEnum: {
              type: 'string',
              enum: ['opt1', 'opt2', 'opt3'],
              enumNames: ['Option One', 'Option Two', 'Option Three'],
            },
            untitledMulti: {
              type: 'array',
              items: { type: 'string', enum: ['option1', 'option2', 'option3'] },
            },
            titledMulti: { type: 'array', items: { anyOf: titled('value', 'Choice') } },
          },
        },
      });
    },
  }),
];
