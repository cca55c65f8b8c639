import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

// A separate Node process builds both lists from its own registry (filled in the order given),
// through the built package, and prints them.
const SCRIPT = `
import { createArsenal } from '@arsenal/core';
import { createAnthropicTranscoder } from '@arsenal/transcoder-anthropic';
import { createOpenAITranscoder } from '@arsenal/transcoder-openai';
import { createAnthropicToolSearch, createOpenAIToolSearch } from '@arsenal/tool-search';
const tools = [
  { name: 'get_weather', namespace: 'weather', description: 'Current weather and a forecast for a city.',
    parametersSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
  { name: 'send_email', namespace: 'mail', description: 'Send an email with a subject and a body.',
    parametersSchema: { type: 'object', properties: { to: { type: 'string' }, body: { type: 'string' } } } },
  { name: 'get_time', description: 'The current time in a time zone, e.g. Europe/Oslo.',
    parametersSchema: { type: 'object', properties: { zone: { type: 'string' } } } },
];
if (process.argv.includes('reverse')) tools.reverse();
const arsenal = createArsenal({
  transcoders: [createOpenAITranscoder({ api: 'responses' }), createAnthropicTranscoder()],
});
await arsenal.register(tools);
process.stdout.write(JSON.stringify([
  createOpenAIToolSearch(arsenal, { pinned: ['get_time'] }).tools,
  createAnthropicToolSearch(arsenal, { pinned: ['get_time'] }).tools,
]));
`;

function listsFromAnotherProcess(order: 'forward' | 'reverse'): string {
  return execFileSync(process.execPath, ['--input-type=module', '-e', SCRIPT, '--', order], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    encoding: 'utf8',
  });
}

it('two processes with the same registry send the same bytes, whatever the registration order', () => {
  const first = listsFromAnotherProcess('forward');
  const second = listsFromAnotherProcess('reverse');
  expect(first.length).toBeGreaterThan(100);
  expect(second).toBe(first);
});
