import { describe, expect, it } from 'vitest';
import { createArsenal } from '../arsenal/arsenal.js';
import { defineTool } from '../tool/define-tool.js';

const greet = defineTool({
  name: 'greet_person',
  description: 'Greet a person, asking the caller for their name first.',
  input: { type: 'object', properties: {} },
  handler: async (_args, context) => {
    if (!context.requestInput) return { asked: false };
    const answer = await context.requestInput({ kind: 'input', message: 'What is your name?' });
    return answer.declined ? { declined: true } : { greeting: `Hello, ${answer.text}!` };
  },
});

describe('input requests', () => {
  it('lets a running tool ask the caller, and tells it when nobody can answer', async () => {
    const arsenal = createArsenal();
    await arsenal.register([greet]);
    const questions: string[] = [];
    const answered = await arsenal.execute({
      tool: 'greet_person',
      onInputRequest: async (request) => {
        questions.push(request.message);
        return { text: 'Ada' };
      },
    });
    expect(answered).toMatchObject({ status: 'success', result: { greeting: 'Hello, Ada!' } });
    expect(questions).toEqual(['What is your name?']);
    const unanswered = await arsenal.execute({ tool: 'greet_person' });
    expect(unanswered).toMatchObject({ status: 'success', result: { asked: false } });
    await arsenal.close();
  });
});
